package printers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// endpointSliceHandler: NAME ADDRESSTYPE PORTS ENDPOINTS AGE
// (printEndpointSlice).
var endpointSliceHandler = handler{
	columns: []column{nameCol, col("AddressType"), col("Ports"), col("Endpoints"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		es := obj.(*api.EndpointSlice)
		return []string{es.Name, string(es.AddressType), endpointSlicePorts(es.Ports),
			endpointSliceAddresses(es.Endpoints), Age(es.CreationTimestamp, now)}
	},
}

// endpointSlicePorts lists up to three ports: the number, else the name,
// else "*" (formatDiscoveryPorts).
func endpointSlicePorts(ports []api.EndpointPort) string {
	var list []string
	for _, p := range ports {
		switch {
		case p.Port != nil:
			list = append(list, strconv.Itoa(int(*p.Port)))
		case p.Name != nil:
			list = append(list, *p.Name)
		default:
			list = append(list, "*")
		}
	}
	return listWithMore(list)
}

// endpointSliceAddresses lists up to three addresses, ready or not
// (formatDiscoveryEndpoints).
func endpointSliceAddresses(endpoints []api.Endpoint) string {
	var list []string
	for _, e := range endpoints {
		list = append(list, e.Addresses...)
	}
	return listWithMore(list)
}

// listWithMore shows three items and "+ N more...", or "<unset>" for none
// (listWithMoreString).
func listWithMore(list []string) string {
	const max = 3
	if len(list) > max {
		return fmt.Sprintf("%s + %d more...", strings.Join(list[:max], ","), len(list)-max)
	}
	if len(list) == 0 {
		return "<unset>"
	}
	return strings.Join(list, ",")
}

// endpointsHandler: NAME ENDPOINTS AGE (printEndpoints).
var endpointsHandler = handler{
	columns: []column{nameCol, col("Endpoints"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		ep := obj.(*api.Endpoints)
		return []string{ep.Name, FormatEndpoints(ep), Age(ep.CreationTimestamp, now)}
	},
}

// FormatEndpoints models formatEndpoints with every port: the ready
// addresses as ip:port (bare IPs for a subset without ports), three at
// most then "+ N more..."; "<none>" without subsets, and empty when no
// address is ready.
func FormatEndpoints(ep *api.Endpoints) string {
	if len(ep.Subsets) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	more, count := false, 0
	add := func(text string) bool {
		if len(list) == max {
			more = true
			return false
		}
		list = append(list, text)
		return true
	}
	for _, ss := range ep.Subsets {
		if len(ss.Ports) == 0 {
			count += len(ss.Addresses)
			for _, a := range ss.Addresses {
				if !add(a.IP) {
					break
				}
			}
			continue
		}
		for _, p := range ss.Ports {
			count += len(ss.Addresses)
			for _, a := range ss.Addresses {
				if !add(JoinHostPort(a.IP, strconv.Itoa(int(p.Port)))) {
					break
				}
			}
		}
	}
	text := strings.Join(list, ",")
	if more {
		return fmt.Sprintf("%s + %d more...", text, count-max)
	}
	return text
}

// JoinHostPort is net.JoinHostPort (the core may not import net).
func JoinHostPort(host, port string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

// resourceQuotaHandler: NAME REQUEST LIMIT AGE (printResourceQuota; since
// v1.33 the AGE header sits last, where its cell always was).
var resourceQuotaHandler = handler{
	columns: []column{nameCol, col("Request"), col("Limit"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		q := obj.(*api.ResourceQuota)
		names := make([]string, 0, len(q.Status.Hard))
		for name := range q.Status.Hard {
			names = append(names, string(name))
		}
		slices.Sort(names)
		var request, limit []string
		for _, name := range names {
			used := q.Status.Used[api.ResourceName(name)]
			hard := q.Status.Hard[api.ResourceName(name)]
			cell := fmt.Sprintf("%s: %s/%s", name, used.String(), hard.String())
			if prefix, _, ok := strings.Cut(name, "."); ok && prefix == "limits" {
				limit = append(limit, cell)
			} else {
				request = append(request, cell)
			}
		}
		return []string{q.Name, strings.Join(request, ", "), strings.Join(limit, ", "), Age(q.CreationTimestamp, now)}
	},
}

// leaseHandler: NAME HOLDER AGE (printLease).
var leaseHandler = handler{
	columns: []column{nameCol, col("Holder"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		l := obj.(*api.Lease)
		holder := ""
		if l.Spec.HolderIdentity != nil {
			holder = *l.Spec.HolderIdentity
		}
		return []string{l.Name, holder, Age(l.CreationTimestamp, now)}
	},
}

// runtimeClassHandler: NAME HANDLER AGE (printRuntimeClass).
var runtimeClassHandler = handler{
	columns: []column{nameCol, col("Handler"), col("Age")},
	row: func(obj api.Object, now time.Time) []string {
		rc := obj.(*api.RuntimeClass)
		return []string{rc.Name, rc.Handler, Age(rc.CreationTimestamp, now)}
	},
}

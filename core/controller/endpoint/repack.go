package endpoint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// RepackSubsets models pkg/api/v1/endpoints RepackSubsets: it expands the
// subsets to (address, port, ready) triples and packs them back into the
// canonical layout, one subset per set of addresses that share the same
// ports, so two Endpoints with the same content compare equal. An address
// is identified by IP and target UID; an address that is not ready on one
// of a subset's ports is not ready on all of them. Subsets without ports
// (a headless Service without ports) keep no ports.
//
// Upstream groups through Go maps and sorts ports and subsets by the MD5
// of their go-spew dump; the playground sorts by the MD5 of their JSON
// (as controller.ComputeHash does), so the layout is as canonical and as
// deterministic, though multi-port order may differ from a real cluster's.
func RepackSubsets(subsets []api.EndpointSubset) []api.EndpointSubset {
	type addrKey struct{ ip, uid string }
	type portEntry struct {
		port  api.CoreEndpointPort
		ready map[addrKey]bool
	}
	allAddrs := map[addrKey]api.EndpointAddress{}
	var ports []*portEntry // in first-seen order
	byPort := map[string]*portEntry{}
	mapAddresses := func(ss *api.EndpointSubset, port api.CoreEndpointPort) {
		pk := portKey(port)
		e := byPort[pk]
		if e == nil {
			e = &portEntry{port: port, ready: map[addrKey]bool{}}
			byPort[pk] = e
			ports = append(ports, e)
		}
		add := func(a api.EndpointAddress, ready bool) {
			k := addrKey{ip: a.IP}
			if a.TargetRef != nil {
				k.uid = a.TargetRef.UID
			}
			if _, ok := allAddrs[k]; !ok {
				allAddrs[k] = a
			}
			// Not ready always trumps ready (mapAddressByPort).
			if was, found := e.ready[k]; !found || was {
				e.ready[k] = ready
			}
		}
		for _, a := range ss.Addresses {
			add(a, true)
		}
		for _, a := range ss.NotReadyAddresses {
			add(a, false)
		}
	}
	for i := range subsets {
		if len(subsets[i].Ports) == 0 {
			mapAddresses(&subsets[i], api.CoreEndpointPort{Port: -1})
			continue
		}
		for _, p := range subsets[i].Ports {
			mapAddresses(&subsets[i], p)
		}
	}

	// Group the ports by the set of addresses (and readiness) they reach.
	type group struct {
		ready map[addrKey]bool
		ports []api.CoreEndpointPort
	}
	var groups []*group
	byAddrs := map[string]*group{}
	for _, e := range ports {
		keys := make([]string, 0, len(e.ready))
		for k, r := range e.ready {
			keys = append(keys, fmt.Sprintf("%s/%s/%t", k.ip, k.uid, r))
		}
		slices.Sort(keys)
		gk := strings.Join(keys, ",")
		g := byAddrs[gk]
		if g == nil {
			g = &group{ready: e.ready}
			byAddrs[gk] = g
			groups = append(groups, g)
		}
		if e.port.Port > 0 {
			g.ports = append(g.ports, e.port)
		}
	}
	final := []api.EndpointSubset{}
	for _, g := range groups {
		var ss api.EndpointSubset
		for k, ready := range g.ready {
			if ready {
				ss.Addresses = append(ss.Addresses, allAddrs[k])
			} else {
				ss.NotReadyAddresses = append(ss.NotReadyAddresses, allAddrs[k])
			}
		}
		ss.Ports = g.ports
		final = append(final, ss)
	}
	return SortSubsets(final)
}

func portKey(p api.CoreEndpointPort) string {
	app := "<nil>"
	if p.AppProtocol != nil {
		app = *p.AppProtocol
	}
	return fmt.Sprintf("%s/%d/%s/%s", p.Name, p.Port, p.Protocol, app)
}

// SortSubsets models the function of that name: addresses by IP (bytewise)
// then target UID, ports and subsets by hash.
func SortSubsets(subsets []api.EndpointSubset) []api.EndpointSubset {
	for i := range subsets {
		ss := &subsets[i]
		slices.SortStableFunc(ss.Addresses, compareEndpointAddress)
		slices.SortStableFunc(ss.NotReadyAddresses, compareEndpointAddress)
		slices.SortStableFunc(ss.Ports, func(a, b api.CoreEndpointPort) int { return bytes.Compare(hashOf(a), hashOf(b)) })
	}
	slices.SortStableFunc(subsets, func(a, b api.EndpointSubset) int { return bytes.Compare(hashOf(a), hashOf(b)) })
	return subsets
}

// compareEndpointAddress models LessEndpointAddress.
func compareEndpointAddress(a, b api.EndpointAddress) int {
	if c := strings.Compare(a.IP, b.IP); c != 0 {
		return c
	}
	var ua, ub string
	if a.TargetRef != nil {
		ua = a.TargetRef.UID
	}
	if b.TargetRef != nil {
		ub = b.TargetRef.UID
	}
	switch {
	case a.TargetRef == nil && b.TargetRef == nil:
		return 0
	case a.TargetRef == nil:
		return -1
	case b.TargetRef == nil:
		return 1
	}
	return strings.Compare(ua, ub)
}

func hashOf(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic("endpoint: hashing: " + err.Error()) // API types always marshal
	}
	sum := md5Sum(data)
	return sum[:]
}

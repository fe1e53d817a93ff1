package describe

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// serviceNameLabel ties an EndpointSlice to its Service.
const serviceNameLabel = "kubernetes.io/service-name"

// Service prints `kubectl describe service` (describeService). slices may
// be every EndpointSlice of the namespace: the Service's are those labelled
// kubernetes.io/service-name=<name>. events may be all events.
func Service(w io.Writer, svc *api.Service, slices []*api.EndpointSlice, events []*api.Event, now time.Time) error {
	var own []*api.EndpointSlice
	for _, es := range slices {
		if es.Namespace == svc.Namespace && es.Labels[serviceNameLabel] == svc.Name {
			own = append(own, es)
		}
	}
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", svc.Name)
		pw.write(level0, "Namespace:\t%s\n", svc.Namespace)
		printLabelsMultiline(pw, "Labels", svc.Labels)
		printAnnotationsMultiline(pw, "Annotations", svc.Annotations)
		pw.write(level0, "Selector:\t%s\n", labels.FormatLabels(svc.Spec.Selector))
		pw.write(level0, "Type:\t%s\n", svc.Spec.Type)
		if svc.Spec.IPFamilyPolicy != nil {
			pw.write(level0, "IP Family Policy:\t%s\n", *svc.Spec.IPFamilyPolicy)
		}
		if len(svc.Spec.IPFamilies) > 0 {
			families := make([]string, len(svc.Spec.IPFamilies))
			for i, f := range svc.Spec.IPFamilies {
				families[i] = string(f)
			}
			pw.write(level0, "IP Families:\t%s\n", strings.Join(families, ","))
		} else {
			pw.write(level0, "IP Families:\t%s\n", "<none>")
		}
		pw.write(level0, "IP:\t%s\n", svc.Spec.ClusterIP)
		if len(svc.Spec.ClusterIPs) > 0 {
			pw.write(level0, "IPs:\t%s\n", strings.Join(svc.Spec.ClusterIPs, ","))
		} else {
			pw.write(level0, "IPs:\t%s\n", "<none>")
		}
		if len(svc.Spec.ExternalIPs) > 0 {
			pw.write(level0, "External IPs:\t%v\n", strings.Join(svc.Spec.ExternalIPs, ","))
		}
		if svc.Spec.ExternalName != "" {
			pw.write(level0, "External Name:\t%s\n", svc.Spec.ExternalName)
		}
		if len(svc.Status.LoadBalancer.Ingress) > 0 {
			pw.write(level0, "LoadBalancer Ingress:\t%s\n", ingressList(svc.Status.LoadBalancer.Ingress))
		}
		for _, sp := range svc.Spec.Ports {
			name := sp.Name
			if name == "" {
				name = "<unset>"
			}
			pw.write(level0, "Port:\t%s\t%d/%s\n", name, sp.Port, sp.Protocol)
			if sp.TargetPort.IsString {
				pw.write(level0, "TargetPort:\t%s/%s\n", sp.TargetPort.StrVal, sp.Protocol)
			} else {
				pw.write(level0, "TargetPort:\t%d/%s\n", sp.TargetPort.IntVal, sp.Protocol)
			}
			if sp.AppProtocol != nil {
				pw.write(level0, "AppProtocol:\t%s\n", *sp.AppProtocol)
			}
			if sp.NodePort != 0 {
				pw.write(level0, "NodePort:\t%s\t%d/%s\n", name, sp.NodePort, sp.Protocol)
			}
			pw.write(level0, "Endpoints:\t%s\n", endpointsOf(own, sp.Name))
		}
		pw.write(level0, "Session Affinity:\t%s\n", svc.Spec.SessionAffinity)
		if svc.Spec.ExternalTrafficPolicy != "" {
			pw.write(level0, "External Traffic Policy:\t%s\n", svc.Spec.ExternalTrafficPolicy)
		}
		if svc.Spec.InternalTrafficPolicy != nil {
			pw.write(level0, "Internal Traffic Policy:\t%s\n", *svc.Spec.InternalTrafficPolicy)
		}
		describeEvents(pw, EventsFor(events, svc), now)
		return nil
	})
}

// ingressList is "203.0.113.10, lb.example.com" (buildIngressString).
func ingressList(ingress []api.LoadBalancerIngress) string {
	parts := make([]string, len(ingress))
	for i, in := range ingress {
		if in.IP != "" {
			parts[i] = in.IP
		} else {
			parts[i] = in.Hostname
		}
	}
	return strings.Join(parts, ", ")
}

// endpointsOf lists the ready endpoints serving the named port,
// "10.244.1.5:80,10.244.2.7:80", three at most then "+ N more...";
// "<none>" without slices, and empty when no endpoint is ready
// (formatEndpointSlices). A slice without ports lists bare addresses.
func endpointsOf(slices []*api.EndpointSlice, portName string) string {
	if len(slices) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	more, count := false, 0
	add := func(e api.Endpoint, text string) {
		if len(list) == max {
			more = true
		}
		if e.Conditions.Ready != nil && !*e.Conditions.Ready {
			return
		}
		if !more {
			list = append(list, text)
		}
		count++
	}
	for _, es := range slices {
		if len(es.Ports) == 0 {
			for _, e := range es.Endpoints {
				add(e, firstAddress(e))
			}
			continue
		}
		for _, p := range es.Ports {
			name := ""
			if p.Name != nil {
				name = *p.Name
			}
			if name != portName {
				continue
			}
			port := ""
			if p.Port != nil {
				port = strconv.Itoa(int(*p.Port))
			}
			for _, e := range es.Endpoints {
				add(e, printers.JoinHostPort(firstAddress(e), port))
			}
		}
	}
	text := strings.Join(list, ",")
	if more {
		return fmt.Sprintf("%s + %d more...", text, count-max)
	}
	return text
}

func firstAddress(e api.Endpoint) string {
	if len(e.Addresses) == 0 {
		return ""
	}
	return e.Addresses[0]
}

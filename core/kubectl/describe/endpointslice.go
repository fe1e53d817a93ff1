package describe

import (
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// EndpointSlice prints `kubectl describe endpointslice`
// (describeEndpointSliceV1): the address type, the ports table (or
// "Ports: <unset>"), each endpoint's addresses, readiness, hostname,
// target, node and zone, then the events.
func EndpointSlice(w io.Writer, eps *api.EndpointSlice, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", eps.Name)
		pw.write(level0, "Namespace:\t%s\n", eps.Namespace)
		printLabelsMultiline(pw, "Labels", eps.Labels)
		printAnnotationsMultiline(pw, "Annotations", eps.Annotations)
		pw.write(level0, "AddressType:\t%s\n", eps.AddressType)
		if len(eps.Ports) == 0 {
			pw.write(level0, "Ports: <unset>\n")
		} else {
			pw.write(level0, "Ports:\n")
			pw.write(level1, "Name\tPort\tProtocol\n")
			pw.write(level1, "----\t----\t--------\n")
			for _, p := range eps.Ports {
				name := "<unset>"
				if p.Name != nil && *p.Name != "" {
					name = *p.Name
				}
				num := "<unset>"
				if p.Port != nil {
					num = strconv.Itoa(int(*p.Port))
				}
				protocol := api.ProtocolTCP // defaulted on every stored slice
				if p.Protocol != nil {
					protocol = *p.Protocol
				}
				pw.write(level1, "%s\t%s\t%s\n", name, num, protocol)
			}
		}
		if len(eps.Endpoints) == 0 {
			pw.write(level0, "Endpoints: <none>\n")
		} else {
			pw.write(level0, "Endpoints:\n")
			for i := range eps.Endpoints {
				ep := &eps.Endpoints[i]
				addrs := strings.Join(ep.Addresses, ", ")
				if addrs == "" {
					addrs = "<none>"
				}
				pw.write(level1, "- Addresses:\t%s\n", addrs)
				pw.write(level2, "Conditions:\n")
				pw.write(level3, "Ready:\t%s\n", boolOrUnset(ep.Conditions.Ready))
				pw.write(level2, "Hostname:\t%s\n", stringOrUnset(ep.Hostname))
				if ep.TargetRef != nil {
					pw.write(level2, "TargetRef:\t%s/%s\n", ep.TargetRef.Kind, ep.TargetRef.Name)
				}
				pw.write(level2, "NodeName:\t%s\n", stringOrUnset(ep.NodeName))
				pw.write(level2, "Zone:\t%s\n", stringOrUnset(ep.Zone))
			}
		}
		describeEvents(pw, EventsFor(events, eps), now)
		return nil
	})
}

func boolOrUnset(b *bool) string {
	if b == nil {
		return "<unset>"
	}
	return strconv.FormatBool(*b)
}

func stringOrUnset(s *string) string {
	if s == nil {
		return "<unset>"
	}
	return *s
}

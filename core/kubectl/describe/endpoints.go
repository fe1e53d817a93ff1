package describe

import (
	"io"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Endpoints prints `kubectl describe endpoints` (describeEndpoints): name,
// namespace, labels, annotations, then each subset's ready and not-ready
// IPs and its ports table, each subset followed by a blank line, then the
// events. events may be all events.
func Endpoints(w io.Writer, ep *api.Endpoints, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", ep.Name)
		pw.write(level0, "Namespace:\t%s\n", ep.Namespace)
		printLabelsMultiline(pw, "Labels", ep.Labels)
		printAnnotationsMultiline(pw, "Annotations", ep.Annotations)
		pw.write(level0, "Subsets:\n")
		for _, ss := range ep.Subsets {
			pw.write(level1, "Addresses:\t%s\n", ipList(ss.Addresses))
			pw.write(level1, "NotReadyAddresses:\t%s\n", ipList(ss.NotReadyAddresses))
			if len(ss.Ports) > 0 {
				pw.write(level1, "Ports:\n")
				pw.write(level2, "Name\tPort\tProtocol\n")
				pw.write(level2, "----\t----\t--------\n")
				for _, p := range ss.Ports {
					name := p.Name
					if name == "" {
						name = "<unset>"
					}
					pw.write(level2, "%s\t%d\t%s\n", name, p.Port, p.Protocol)
				}
			}
			pw.write(level0, "\n")
		}
		describeEvents(pw, EventsFor(events, ep), now)
		return nil
	})
}

// ipList joins the addresses' IPs with commas, "<none>" for none.
func ipList(addrs []api.EndpointAddress) string {
	ips := make([]string, len(addrs))
	for i, a := range addrs {
		ips[i] = a.IP
	}
	if len(ips) == 0 {
		return "<none>"
	}
	return strings.Join(ips, ",")
}

package describe

import (
	"io"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
)

// Namespace prints `kubectl describe namespace` (describeNamespace): name,
// labels, annotations, phase, the namespace controller's conditions while
// it terminates, then the quotas and limit ranges of the namespace. The
// playground serves no LimitRanges, so that part always reads "No
// LimitRange resource.". Namespaces show no events, as upstream.
func Namespace(w io.Writer, ns *api.Namespace, quotas []*api.ResourceQuota) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", ns.Name)
		printLabelsMultiline(pw, "Labels", ns.Labels)
		printAnnotationsMultiline(pw, "Annotations", ns.Annotations)
		pw.write(level0, "Status:\t%s\n", string(ns.Status.Phase))
		if len(ns.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n")
			pw.write(level1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
			pw.write(level1, "----\t------\t------------------\t------\t-------\n")
			for _, c := range ns.Status.Conditions {
				pw.write(level1, "%v\t%v\t%s\t%v\t%v\n", c.Type, c.Status, rfc1123z(c.LastTransitionTime), c.Reason, c.Message)
			}
		}
		pw.write(level0, "\n")
		describeResourceQuotas(pw, quotas)
		pw.write(level0, "\n")
		pw.write(level0, "No LimitRange resource.\n")
		return nil
	})
}

// describeResourceQuotas is DescribeResourceQuotas: every quota of the
// namespace by name, each resource it tracks with used and hard (here the
// header's dashes are three wide, unlike describe quota's).
func describeResourceQuotas(pw *prefixWriter, quotas []*api.ResourceQuota) {
	if len(quotas) == 0 {
		pw.write(level0, "No resource quota.\n")
		return
	}
	sorted := append([]*api.ResourceQuota(nil), quotas...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	pw.write(level0, "Resource Quotas\n")
	for _, q := range sorted {
		pw.write(level1, "Name:\t%s\n", q.Name)
		pw.write(level1, "Resource\tUsed\tHard\n")
		pw.write(level1, "--------\t---\t---\n")
		for _, name := range sortedResourceNames(q.Status.Hard) {
			hard := q.Status.Hard[name]
			used := q.Status.Used[name]
			pw.write(level1, "%s\t%s\t%s\n", name, used.String(), hard.String())
		}
	}
}

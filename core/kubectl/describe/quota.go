package describe

import (
	"io"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// ResourceQuota prints `kubectl describe quota` (describeQuota): every
// resource the quota's status tracks, sorted by name, with used and hard.
// A used value whose format differs from the hard one is reprinted in the
// hard one's format, as current kubectl does.
func ResourceQuota(w io.Writer, q *api.ResourceQuota) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", q.Name)
		pw.write(level0, "Namespace:\t%s\n", q.Namespace)
		pw.write(level0, "Resource\tUsed\tHard\n")
		pw.write(level0, "--------\t----\t----\n")
		for _, name := range sortedResourceNames(q.Status.Hard) {
			hard := q.Status.Hard[name]
			used := q.Status.Used[name]
			if hard.Format != used.Format {
				used = *resource.NewQuantity(used.Value(), hard.Format)
			}
			pw.write(level0, "%s\t%s\t%s\n", name, used.String(), hard.String())
		}
		return nil
	})
}

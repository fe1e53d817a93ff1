package describe

import (
	"io"
	"maps"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// ConfigMap prints `kubectl describe configmap` (ConfigMapDescriber): each
// data key with its value under a "----" rule, in key order, then each
// binaryData key with its size, then the events. events may be all events.
func ConfigMap(w io.Writer, cm *api.ConfigMap, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", cm.Name)
		pw.write(level0, "Namespace:\t%s\n", cm.Namespace)
		printLabelsMultiline(pw, "Labels", cm.Labels)
		printAnnotationsMultiline(pw, "Annotations", cm.Annotations)
		pw.write(level0, "\nData\n====\n")
		for _, k := range slices.Sorted(maps.Keys(cm.Data)) {
			pw.write(level0, "%s:\n----\n", k)
			pw.write(level0, "%s\n", cm.Data[k])
			pw.write(level0, "\n")
		}
		pw.write(level0, "\nBinaryData\n====\n")
		for _, k := range slices.Sorted(maps.Keys(cm.BinaryData)) {
			pw.write(level0, "%s: %d bytes\n", k, len(cm.BinaryData[k]))
		}
		pw.write(level0, "\n")
		describeEvents(pw, EventsFor(events, cm), now)
		return nil
	})
}

// Secret prints `kubectl describe secret` (describeSecret): the type, then
// each key's size, never its value (a service account token's token is
// the one exception upstream makes). Secrets have no events section.
func Secret(w io.Writer, s *api.Secret) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", s.Name)
		pw.write(level0, "Namespace:\t%s\n", s.Namespace)
		printLabelsMultiline(pw, "Labels", s.Labels)
		printAnnotationsMultiline(pw, "Annotations", s.Annotations)
		pw.write(level0, "\nType:\t%s\n", s.Type)
		pw.write(level0, "\nData\n====\n")
		for _, k := range slices.Sorted(maps.Keys(s.Data)) {
			if k == "token" && s.Type == api.SecretTypeServiceAccountToken {
				pw.write(level0, "%s:\t%s\n", k, s.Data[k])
				continue
			}
			pw.write(level0, "%s:\t%d bytes\n", k, len(s.Data[k]))
		}
		return nil
	})
}

// ServiceAccount prints `kubectl describe serviceaccount`
// (describeServiceAccount): its image pull secrets, one per line under
// the header, or <none>, then the events.
func ServiceAccount(w io.Writer, sa *api.ServiceAccount, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", sa.Name)
		pw.write(level0, "Namespace:\t%s\n", sa.Namespace)
		printLabelsMultiline(pw, "Labels", sa.Labels)
		printAnnotationsMultiline(pw, "Annotations", sa.Annotations)
		const pullHeader, emptyHeader = "Image pull secrets:", "                   "
		if len(sa.ImagePullSecrets) == 0 {
			pw.write(level0, "%s\t<none>\n", pullHeader)
		}
		prefix := pullHeader
		for _, s := range sa.ImagePullSecrets {
			pw.write(level0, "%s\t%s\n", prefix, s.Name)
			prefix = emptyHeader
		}
		describeEvents(pw, EventsFor(events, sa), now)
		return nil
	})
}

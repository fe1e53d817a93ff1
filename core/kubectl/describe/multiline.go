package describe

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// lastAppliedAnnotation is never shown by describe (skipAnnotations).
const lastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// maxAnnotationLen is where describe folds an annotation onto its own lines.
const maxAnnotationLen = 140

// printLabelsMultiline prints "Title:\tk=v" with further labels on their
// own tab-indented lines, sorted by key, or "<none>"
// (printLabelsMultilineWithIndent).
func printLabelsMultiline(w *prefixWriter, title string, labels map[string]string) {
	w.write(level0, "%s:%s", title, "\t")
	if len(labels) == 0 {
		w.writeLine("<none>")
		return
	}
	keys := slices.Sorted(maps.Keys(labels))
	for i, k := range keys {
		if i != 0 {
			w.write(level0, "%s", "\t")
		}
		w.write(level0, "%s=%s\n", k, labels[k])
	}
}

// printAnnotationsMultiline prints annotations as "key: value", sorted,
// without kubectl's last-applied-configuration; a value longer than 140
// characters (with its key) or spanning lines goes below its key, each
// line cut at 138 characters plus "..." (printAnnotationsMultiline).
func printAnnotationsMultiline(w *prefixWriter, title string, annotations map[string]string) {
	w.write(level0, "%s:\t", title)
	var keys []string
	for k := range annotations {
		if k != lastAppliedAnnotation {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		w.writeLine("<none>")
		return
	}
	slices.Sort(keys)
	const indent = "\t"
	for i, k := range keys {
		if i != 0 {
			w.write(level0, indent)
		}
		value := strings.TrimSuffix(annotations[k], "\n")
		if len(value)+len(k)+2 > maxAnnotationLen || strings.Contains(value, "\n") {
			w.write(level0, "%s:\n", k)
			for _, line := range strings.Split(value, "\n") {
				w.write(level0, "%s  %s\n", indent, shorten(line, maxAnnotationLen-2))
			}
		} else {
			w.write(level0, "%s: %s\n", k, value)
		}
	}
}

func shorten(s string, max int) string {
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// printTaintsMultiline prints a node's taints, "key=value:Effect", sorted
// by effect then key (printTaintsMultilineWithIndent).
func printTaintsMultiline(w *prefixWriter, title string, taints []api.Taint) {
	w.write(level0, "%s:%s", title, "\t")
	if len(taints) == 0 {
		w.writeLine("<none>")
		return
	}
	sorted := slices.Clone(taints)
	slices.SortFunc(sorted, func(a, b api.Taint) int {
		return strings.Compare(string(a.Effect)+","+a.Key, string(b.Effect)+","+b.Key)
	})
	for i, t := range sorted {
		if i != 0 {
			w.write(level0, "%s", "\t")
		}
		w.write(level0, "%s\n", taintString(t))
	}
}

// taintString is Taint.ToString: "key=value:Effect", "key:Effect".
func taintString(t api.Taint) string {
	if t.Value == "" {
		return fmt.Sprintf("%v:%v", t.Key, t.Effect)
	}
	return fmt.Sprintf("%v=%v:%v", t.Key, t.Value, t.Effect)
}

// printTolerationsMultiline prints tolerations sorted by key:
// "key=value:Effect op=Exists for 300s" (printTolerationsMultilineWithIndent).
func printTolerationsMultiline(w *prefixWriter, title string, tolerations []api.Toleration) {
	w.write(level0, "%s:%s", title, "\t")
	if len(tolerations) == 0 {
		w.writeLine("<none>")
		return
	}
	sorted := slices.Clone(tolerations)
	slices.SortStableFunc(sorted, func(a, b api.Toleration) int { return strings.Compare(a.Key, b.Key) })
	for i, t := range sorted {
		if i != 0 {
			w.write(level0, "%s", "\t")
		}
		w.write(level0, "%s", t.Key)
		if t.Value != "" {
			w.write(level0, "=%s", t.Value)
		}
		if t.Effect != "" {
			w.write(level0, ":%s", t.Effect)
		}
		// operator Exists without a value tolerates everything
		if t.Operator == "Exists" && t.Value == "" {
			if t.Key != "" || t.Effect != "" {
				w.write(level0, " op=Exists")
			} else {
				w.write(level0, "op=Exists")
			}
		}
		if t.TolerationSeconds != nil {
			w.write(level0, " for %ds", *t.TolerationSeconds)
		}
		w.write(level0, "\n")
	}
}

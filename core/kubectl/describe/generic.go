package describe

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/kubeplay/kubeplay/core/api"
)

// Generic describes an object of a kind kubectl has no describer for
// (Lease, RuntimeClass, ...), as genericDescriber does from the object's
// unstructured form: Name, Namespace, Labels, Annotations, then every other
// field, sorted, under labels made from its name ("API Version", "Holder
// Identity"), then the object's events.
func Generic(w io.Writer, obj api.Object, events []*api.Event, now time.Time) error {
	b, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // integers print as written, as unstructured's int64s do
	var content map[string]any
	if err := dec.Decode(&content); err != nil {
		return err
	}
	k := api.KindOf(obj)
	content["apiVersion"], content["kind"] = k.APIVersion(), k.Kind
	m := obj.GetObjectMeta()
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", m.Name)
		pw.write(level0, "Namespace:\t%s\n", m.Namespace)
		printLabelsMultiline(pw, "Labels", m.Labels)
		printAnnotationsMultiline(pw, "Annotations", m.Annotations)
		printUnstructuredContent(pw, level0, content, "", ".metadata.managedFields", ".metadata.name",
			".metadata.namespace", ".metadata.labels", ".metadata.annotations")
		describeEvents(pw, EventsFor(events, obj), now)
		return nil
	})
}

// printUnstructuredContent is printUnstructuredContent: maps as indented
// sections, lists item by item, other values with %v.
func printUnstructuredContent(w *prefixWriter, level int, content map[string]any, skipPrefix string, skip ...string) {
	fields := make([]string, 0, len(content))
	for f := range content {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	for _, f := range fields {
		path := skipPrefix + "." + f
		if slices.Contains(skip, path) {
			continue
		}
		switch v := content[f].(type) {
		case map[string]any:
			w.write(level, "%s:\n", smartLabelFor(f))
			printUnstructuredContent(w, level+1, v, path, skip...)
		case []any:
			w.write(level, "%s:\n", smartLabelFor(f))
			for _, child := range v {
				if m, ok := child.(map[string]any); ok {
					printUnstructuredContent(w, level+1, m, path, skip...)
				} else {
					w.write(level+1, "%v\n", child)
				}
			}
		default:
			w.write(level, "%s:\t%v\n", smartLabelFor(f), v)
		}
	}
}

// smartLabelFor is smartLabelFor: "holderIdentity" → "Holder Identity",
// with API, URL, UID and GUID in capitals; a name with characters other
// than letters and '-' is kept as it is.
func smartLabelFor(field string) string {
	if strings.IndexFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) != -1 {
		return field
	}
	parts := camelSplit(field)
	var merged []string
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		if i < len(parts)-1 && len(p) >= 2 && strings.ToUpper(p) == p && unicode.IsUpper(rune(parts[i+1][0])) {
			merged = append(merged, p+parts[i+1])
			i++
			continue
		}
		merged = append(merged, p)
	}
	var out []string
	for _, p := range merged {
		switch {
		case p == "_":
			continue
		case slices.Contains([]string{"API", "URL", "UID", "GUID"}, strings.ToUpper(p)):
			p = strings.ToUpper(p)
		case strings.ToLower(p) == p:
			p = strings.ToUpper(p[:1]) + p[1:]
		}
		out = append(out, p)
	}
	return strings.Join(out, " ")
}

// camelSplit is fatih/camelcase Split: runs of lower-case letters,
// upper-case letters, digits and other characters, where the last capital
// of a run of capitals starts the lower-case word after it ("HTTPGet" →
// "HTTP", "Get").
func camelSplit(s string) []string {
	class := func(r rune) int {
		switch {
		case unicode.IsLower(r):
			return 1
		case unicode.IsUpper(r):
			return 2
		case unicode.IsDigit(r):
			return 3
		}
		return 4
	}
	var runs [][]rune
	last := 0
	for _, r := range s {
		c := class(r)
		if c == last {
			runs[len(runs)-1] = append(runs[len(runs)-1], r)
		} else {
			runs = append(runs, []rune{r})
		}
		last = c
	}
	for i := 0; i < len(runs)-1; i++ {
		if unicode.IsUpper(runs[i][0]) && unicode.IsLower(runs[i+1][0]) {
			runs[i+1] = append([]rune{runs[i][len(runs[i])-1]}, runs[i+1]...)
			runs[i] = runs[i][:len(runs[i])-1]
		}
	}
	var out []string
	for _, r := range runs {
		if len(r) > 0 {
			out = append(out, string(r))
		}
	}
	return out
}

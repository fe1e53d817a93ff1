package printers

import (
	"io"
	"strings"
	"text/tabwriter"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// PrintTable prints objects as `kubectl get` does without -o (or with
// -o wide). Consecutive objects of one kind form one table; tables of
// different kinds are separated by a blank line, and when more than one kind
// is printed every name carries its "kind.group/" prefix (`kubectl get all`).
// An empty objs prints nothing: the caller prints NoResourcesFound to stderr,
// as kubectl does.
//
// It models the human-readable path of kubectl's get.go Run together with
// cli-runtime's HumanReadablePrinter (decorateTable, printTable).
func PrintTable(w io.Writer, objs []api.Object, opts TableOptions) error {
	track := &trackingWriter{out: w}
	sep := &separatorWriter{out: track}
	tw := NewTabWriter(sep)
	withKind := opts.ShowKind || multipleKinds(objs)
	for i, group := range groupByKind(objs) {
		if err := tw.Flush(); err != nil {
			return err
		}
		// A blank line separates resource groups once something was written
		// and headers are on (get.go's separatorWriterWrapper).
		if i > 0 && !opts.NoHeaders && track.written > 0 {
			sep.ready = true
		}
		t := buildTable(group, opts, withKind)
		printTableRows(tw, t, opts)
	}
	return tw.Flush()
}

// NoResourcesFound is what kubectl get prints to stderr when nothing
// matched: "No resources found in default namespace." or, with -A,
// "No resources found".
func NoResourcesFound(namespace string, allNamespaces bool) string {
	if allNamespaces {
		return "No resources found"
	}
	return "No resources found in " + namespace + " namespace."
}

// groupByKind splits objs into runs of one kind, in order
// (shouldGetNewPrinterForMapping).
func groupByKind(objs []api.Object) [][]api.Object {
	var groups [][]api.Object
	for i, obj := range objs {
		if i == 0 || kindName(obj) != kindName(objs[i-1]) {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], obj)
	}
	return groups
}

// multipleKinds reports whether objs mix kinds (multipleGVKsRequested).
func multipleKinds(objs []api.Object) bool {
	for _, obj := range objs[min(1, len(objs)):] {
		if kindName(obj) != kindName(objs[0]) {
			return true
		}
	}
	return false
}

// kindName is the object's Kind, from its Go type.
func kindName(obj api.Object) string {
	if k := api.KindOf(obj); k != nil {
		return k.Kind
	}
	return obj.GetTypeMeta().Kind
}

// buildTable generates one kind's rows and decorates them with the
// namespace, label and kind-prefix additions (decorateTable).
func buildTable(objs []api.Object, opts TableOptions, withKind bool) table {
	h := handlerFor(objs[0])
	info := api.KindOf(objs[0])
	withNamespace := opts.WithNamespace && (info == nil || info.Namespaced)

	var t table
	if withNamespace {
		t.columns = append(t.columns, col("Namespace"))
	}
	t.columns = append(t.columns, h.columns...)
	for _, key := range opts.ColumnLabels {
		t.columns = append(t.columns, col(labelHeader(key)))
	}
	if opts.ShowLabels {
		t.columns = append(t.columns, col("Labels"))
	}

	prefix := ""
	if withKind && info != nil {
		prefix = strings.ToLower(info.GroupKind()) + "/"
	}
	for _, obj := range objs {
		cells := h.row(obj, opts.Now)
		if prefix != "" {
			for i, c := range h.columns {
				if c.isName {
					cells[i] = prefix + cells[i]
					break
				}
			}
		}
		meta := obj.GetObjectMeta()
		if withNamespace {
			cells = append([]string{meta.Namespace}, cells...)
		}
		for _, key := range opts.ColumnLabels {
			cells = append(cells, meta.Labels[key])
		}
		if opts.ShowLabels {
			cells = append(cells, labels.FormatLabels(meta.Labels))
		}
		t.rows = append(t.rows, tableRow{cells: cells, obj: obj})
	}
	return t
}

// labelHeader is the -L column header: the key's last path segment,
// upper-cased (formatLabelHeaders).
func labelHeader(key string) string {
	parts := strings.Split(key, "/")
	return strings.ToUpper(parts[len(parts)-1])
}

// printTableRows writes the header and the rows, hiding priority-1 columns
// unless -o wide (printTable). A table without rows prints nothing, header
// included.
func printTableRows(tw *tabwriter.Writer, t table, opts TableOptions) {
	if len(t.rows) == 0 {
		return
	}
	visible := func(c column) bool { return opts.Wide || c.priority == 0 }
	var b strings.Builder
	if !opts.NoHeaders {
		first := true
		for _, c := range t.columns {
			if !visible(c) {
				continue
			}
			if !first {
				b.WriteByte('\t')
			}
			first = false
			b.WriteString(strings.ToUpper(c.name))
		}
		b.WriteByte('\n')
	}
	for _, r := range t.rows {
		first := true
		for i, cell := range r.cells {
			if i >= len(t.columns) {
				break
			}
			if !visible(t.columns[i]) {
				continue
			}
			if !first {
				b.WriteByte('\t')
			}
			first = false
			b.WriteString(cellText(cell))
		}
		b.WriteByte('\n')
	}
	io.WriteString(tw, b.String())
}

// cellText is a cell as the table printer writes it: cut at the first line
// break (tabwriter would treat it as a new row) with "..." appended, and
// terminal escapes neutralised (appendCellValue).
func cellText(s string) string {
	if i := strings.IndexAny(s, "\f\n\r"); i >= 0 {
		return EscapeTerminal(s[:i]) + "..."
	}
	return EscapeTerminal(s)
}

// terminalEscaper replaces characters a terminal would interpret
// (cli-runtime printers/terminal.go).
var terminalEscaper = strings.NewReplacer("\x1b", "^[", "\r", "\\r")

// EscapeTerminal makes s safe to print to a terminal, as kubectl does for
// every value it did not write itself: ESC becomes "^[" and CR "\r".
func EscapeTerminal(s string) string { return terminalEscaper.Replace(s) }

// trackingWriter counts the bytes that reached the output
// (trackingWriterWrapper).
type trackingWriter struct {
	out     io.Writer
	written int
}

func (t *trackingWriter) Write(p []byte) (int, error) {
	t.written += len(p)
	return t.out.Write(p)
}

// separatorWriter writes one blank line before the next non-empty write once
// made ready (separatorWriterWrapper).
type separatorWriter struct {
	out   io.Writer
	ready bool
}

func (s *separatorWriter) Write(p []byte) (int, error) {
	if len(p) != 0 && s.ready {
		if _, err := io.WriteString(s.out, "\n"); err != nil {
			return 0, err
		}
		s.ready = false
	}
	return s.out.Write(p)
}

package printers

import (
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kubeplay/kubeplay/core/api"
)

// WatchPrinter prints `kubectl get -w` output: the initial table, then one
// line per change. Its columns never shrink: kubectl's tabwriter is a fork
// of text/tabwriter with RememberWidths, so each later flush pads cells to
// at least the widths already printed, and a wider cell widens its column
// from then on. The header is printed once, with the first rows.
type WatchPrinter struct {
	out     io.Writer
	opts    TableOptions
	widths  []int
	printed bool
}

// NewWatchPrinter returns a printer for one watched resource type.
func NewWatchPrinter(w io.Writer, opts TableOptions) *WatchPrinter {
	return &WatchPrinter{out: w, opts: opts}
}

// print writes objs as one flush (the initial list, or the object of one
// watch event) with AGE measured at now. Objects must be of one kind.
func (p *WatchPrinter) print(objs []api.Object, now time.Time) error {
	return p.PrintEvent(objs, now, "")
}

// formattedEventTypes are the human-readable printer's formattedEventType:
// the EVENT cells of --output-watch-events, padded to one width.
var formattedEventTypes = map[string]string{"ADDED": "ADDED   ", "MODIFIED": "MODIFIED", "DELETED": "DELETED "}

// PrintEvent is Print for --output-watch-events: with an event type, an
// EVENT column comes first (the printer's addColumns at the beginning).
func (p *WatchPrinter) PrintEvent(objs []api.Object, now time.Time, eventType string) error {
	if len(objs) == 0 {
		return nil
	}
	opts := p.opts
	opts.Now = now
	t := buildTable(objs, opts, opts.ShowKind)
	var lines [][]string
	visible := func(c column) bool { return opts.Wide || c.priority == 0 }
	if !opts.NoHeaders && !p.printed {
		var header []string
		if eventType != "" {
			header = append(header, "EVENT")
		}
		for _, c := range t.columns {
			if visible(c) {
				header = append(header, strings.ToUpper(c.name))
			}
		}
		lines = append(lines, header)
	}
	p.printed = true
	for _, r := range t.rows {
		var cells []string
		if eventType != "" {
			cell, ok := formattedEventTypes[eventType]
			if !ok {
				cell = eventType
			}
			cells = append(cells, cell)
		}
		for i, cell := range r.cells {
			if i < len(t.columns) && visible(t.columns[i]) {
				cells = append(cells, cellText(cell))
			}
		}
		lines = append(lines, cells)
	}
	p.layout(lines)
	var b strings.Builder
	for _, cells := range lines {
		for i, cell := range cells {
			b.WriteString(cell)
			if i < len(cells)-1 {
				b.WriteString(strings.Repeat(" ", p.widths[i]-utf8.RuneCountInString(cell)))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(p.out, b.String())
	return err
}

// layout computes this flush's column widths as text/tabwriter does for
// one block (widest cell plus padding, at least the minimum width; the
// last cell of a line is not a column) and merges them with the
// remembered ones.
func (p *WatchPrinter) layout(lines [][]string) {
	for _, cells := range lines {
		for i := 0; i < len(cells)-1; i++ {
			w := max(utf8.RuneCountInString(cells[i])+tabwriterPadding, tabwriterMinWidth)
			if i == len(p.widths) {
				p.widths = append(p.widths, w)
			} else if w > p.widths[i] {
				p.widths[i] = w
			}
		}
	}
}

package describe

import (
	"bytes"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// Indentation levels: each adds two spaces (LEVEL_0..LEVEL_3).
const (
	level0 = iota
	level1
	level2
	level3
)

// prefixWriter writes text at an indentation level, neutralising terminal
// escapes in what it writes (describe.go's prefixWriter).
type prefixWriter struct {
	out io.Writer
}

func (pw *prefixWriter) write(level int, format string, a ...any) {
	prefix := ""
	for range level {
		prefix += "  "
	}
	io.WriteString(pw.out, printers.EscapeTerminal(fmt.Sprintf(prefix+format, a...)))
}

// writeLine writes its arguments as fmt.Sprintln does.
func (pw *prefixWriter) writeLine(a ...any) {
	io.WriteString(pw.out, printers.EscapeTerminal(fmt.Sprintln(a...)))
}

// tabbedString runs f against a tabwriter with describe's settings
// (minwidth 0, tab width 8, padding 2, spaces) and writes the result
// (tabbedString). Nothing is written if f fails.
func tabbedString(w io.Writer, f func(pw *prefixWriter) error) error {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 2, ' ', 0)
	if err := f(&prefixWriter{out: tw}); err != nil {
		return err
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// rfc1123z is how describe prints timestamps: "Thu, 01 Jan 2026 12:00:00 +0000".
func rfc1123z(t api.Time) string { return t.Time.Format(time.RFC1123Z) }

// since is translateTimestampSince against the virtual clock.
func since(t api.Time, now time.Time) string { return printers.Age(t, now) }

// printBool prints True or False.
func printBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// stringOrNone is s, or "<none>" when empty.
func stringOrNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

// controlledBy is "Kind/name" of the object's controller, or "".
func controlledBy(m *api.ObjectMeta) string {
	if ref := m.ControllerRef(); ref != nil {
		return ref.Kind + "/" + ref.Name
	}
	return ""
}

// intOrStringText is intstr.IntOrString's String for a pointer: "<nil>"
// when unset.
func intOrStringText(v *api.IntOrString) string {
	if v == nil {
		return "<nil>"
	}
	return v.String()
}

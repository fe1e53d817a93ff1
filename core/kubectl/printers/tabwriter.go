package printers

import (
	"io"
	"text/tabwriter"
)

// The settings of cli-runtime's printers.GetNewTabWriter, used by every
// kubectl table: a column is at least 6 wide, and cells are padded with three
// spaces. (kubectl uses a fork of text/tabwriter that adds RememberWidths for
// watch output; a table printed in one flush is laid out identically.)
const (
	tabwriterMinWidth = 6
	tabwriterWidth    = 4
	tabwriterPadding  = 3
	tabwriterPadChar  = ' '
	tabwriterFlags    = 0
)

// NewTabWriter returns a tabwriter with kubectl's table settings. Callers
// that print several tables into one stream (kubectl get -w) can share it.
func NewTabWriter(out io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(out, tabwriterMinWidth, tabwriterWidth, tabwriterPadding, tabwriterPadChar, tabwriterFlags)
}

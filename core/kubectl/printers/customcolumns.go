package printers

import (
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/kubectl/printers/jsonpath"
)

// customColumn is one HEADER:path pair of -o custom-columns.
type customColumn struct {
	header string
	path   string // a full template: {.metadata.name}
}

// parseCustomColumns reads "NAME:.metadata.name,IMAGE:.spec...image"
// (NewCustomColumnsPrinterFromSpec), with kubectl's errors.
func parseCustomColumns(spec string) ([]customColumn, error) {
	if spec == "" {
		return nil, fmt.Errorf("custom-columns format specified but no custom columns given")
	}
	var cols []customColumn
	for _, part := range strings.Split(spec, ",") {
		header, path, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("unexpected custom-columns spec: %s, expected <header>:<json-path-expr>", part)
		}
		p, err := RelaxedJSONPathExpression(path)
		if err != nil {
			return nil, err
		}
		cols = append(cols, customColumn{header: header, path: p})
	}
	return cols, nil
}

// printCustomColumns prints the header (unless noHeaders; even when there
// are no items) and one row per item: each column's values joined by ",",
// "<none>" when the path finds nothing (CustomColumnsPrinter). Values print
// as Go's fmt does, so an object shows as map[...].
func printCustomColumns(w io.Writer, cols []customColumn, items []map[string]any, noHeaders bool) error {
	tw := NewTabWriter(w)
	if !noHeaders {
		headers := make([]string, len(cols))
		for i, c := range cols {
			headers[i] = c.header
		}
		fmt.Fprintln(tw, strings.Join(headers, "\t"))
	}
	parsers := make([]*jsonpath.JSONPath, len(cols))
	for i, c := range cols {
		parsers[i] = jsonpath.New(fmt.Sprintf("column%d", i)).AllowMissingKeys(true)
		if err := parsers[i].Parse(c.path); err != nil {
			return err
		}
	}
	for _, item := range items {
		cells := make([]string, len(cols))
		for i, p := range parsers {
			results, err := p.FindResults(item)
			if err != nil {
				return err
			}
			var values []string
			if len(results) == 0 || len(results[0]) == 0 {
				values = append(values, "<none>")
			}
			for _, rs := range results {
				for _, v := range rs {
					values = append(values, EscapeTerminal(fmt.Sprint(v)))
				}
			}
			cells[i] = strings.Join(values, ",")
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

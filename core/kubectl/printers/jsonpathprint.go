package printers

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kubeplay/kubeplay/core/kubectl/printers/jsonpath"
)

// jsonPathPrinter is -o jsonpath=TEMPLATE (cli-runtime JSONPathPrinter).
type jsonPathPrinter struct {
	template string
	strict   bool
}

// newJSONPathPrinter checks the template up front, as kubectl does before
// it contacts the server: "error parsing jsonpath {.items[*}, unterminated
// array".
func newJSONPathPrinter(template string, strict bool) (*jsonPathPrinter, error) {
	if err := jsonpath.New("out").Parse(template); err != nil {
		return nil, fmt.Errorf("error parsing jsonpath %s, %v", template, err)
	}
	return &jsonPathPrinter{template: template, strict: strict}, nil
}

// print runs the template against the object (or List) and, on failure,
// returns kubectl's error with the template and the whole object dumped in
// Go syntax.
func (p *jsonPathPrinter) print(w io.Writer, data map[string]any) error {
	j := jsonpath.New("out").AllowMissingKeys(!p.strict)
	if err := j.Parse(p.template); err != nil {
		return fmt.Errorf("error parsing jsonpath %s, %v", p.template, err)
	}
	if err := j.Execute(w, data); err != nil {
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "Error executing template: %v. Printing more information for debugging the template:\n", err)
		fmt.Fprintf(&buf, "\ttemplate was:\n\t\t%v\n", p.template)
		fmt.Fprintf(&buf, "\tobject given to jsonpath engine was:\n\t\t%#v\n\n", data)
		return fmt.Errorf("error executing jsonpath %q: %v\n", p.template, buf.String())
	}
	return nil
}

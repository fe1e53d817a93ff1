package jsonpath

import (
	"encoding/json"
	"fmt"
	"io"
)

// PrintResults writes one node's results separated by spaces. Objects and
// lists print as compact JSON (client-go since v1.19), scalars as fmt
// prints them, JSON null as "<nil>".
func (j *JSONPath) PrintResults(w io.Writer, results []any) error {
	for i, r := range results {
		text, err := Text(r)
		if err != nil {
			return err
		}
		if i != len(results)-1 {
			text += " "
		}
		if _, err := io.WriteString(w, text); err != nil {
			return err
		}
	}
	return nil
}

// Text renders one result value as PrintResults does.
func Text(v any) (string, error) {
	switch v.(type) {
	case map[string]any, []any:
		b, err := json.Marshal(v)
		return string(b), err
	}
	return fmt.Sprint(v), nil
}

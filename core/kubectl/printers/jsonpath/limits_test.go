package jsonpath

import (
	"bytes"
	"strings"
	"testing"
)

// A template as long as it likes parses: the scanner loops instead of
// calling itself once per token.
func TestParseLongTemplates(t *testing.T) {
	for _, text := range []string{
		"{" + strings.Repeat(".a", 100000) + "}",
		strings.Repeat("{.kind}", 100000),
		strings.Repeat("text ", 100000),
	} {
		if _, err := Parse("long", text); err != nil {
			t.Errorf("Parse(%.20s...): %v", text, err)
		}
	}
}

func TestParseRefusesTooManyRanges(t *testing.T) {
	ok := strings.Repeat("{range .items[*]}", MaxRanges) + strings.Repeat("{end}", MaxRanges)
	if _, err := Parse("ok", ok); err != nil {
		t.Errorf("%d ranges: %v", MaxRanges, err)
	}
	for _, text := range []string{
		strings.Repeat("{range .items[*]}", MaxRanges+1),
		strings.Repeat("{range .items[*]}{end}", MaxRanges+1), // one after another nest as deep
	} {
		_, err := Parse("deep", text)
		if err == nil || err.Error() != "too many range actions: 101, the limit is 100" {
			t.Errorf("Parse(%.40s...) = %v", text, err)
		}
	}
}

// Nested ranges multiply: 3 levels over 200 items are 8 million
// iterations, stopped by the value budget.
func TestExecuteStopsAtTheValueBudget(t *testing.T) {
	items := make([]any, 200)
	for i := range items {
		items[i] = map[string]any{"n": int64(i), "items": items}
	}
	data := map[string]any{"items": items}
	j := New("budget")
	if err := j.Parse(`{range .items[*]}{range .items[*]}{range .items[*]}{.n}{end}{end}{end}`); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := j.Execute(&out, data)
	if err == nil || !strings.Contains(err.Error(), "template produced more than 1000000 values") {
		t.Fatalf("Execute = %v", err)
	}
	// one level is well inside it, and a second run starts afresh
	for range 2 {
		j = New("fine")
		if err := j.Parse(`{range .items[*]}{.n}{" "}{end}`); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		if err := j.Execute(&out, data); err != nil || !strings.HasPrefix(out.String(), "0 1 2 ") {
			t.Fatalf("Execute = %q, %v", out.String()[:10], err)
		}
	}
}

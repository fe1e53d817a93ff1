package fields

import (
	"errors"
	"slices"
	"testing"
)

// The vectors below are upstream's (apimachinery/pkg/fields/selector_test.go),
// plus the error texts users see.

func TestSplitTerms(t *testing.T) {
	cases := map[string][]string{
		// Simple selectors
		`a`:                            {`a`},
		`a=avalue`:                     {`a=avalue`},
		`a=avalue,b=bvalue`:            {`a=avalue`, `b=bvalue`},
		`a=avalue,b==bvalue,c!=cvalue`: {`a=avalue`, `b==bvalue`, `c!=cvalue`},
		// Empty terms
		``:     nil,
		`a=a,`: {`a=a`, ``},
		`,a=a`: {``, `a=a`},
		// Escaped values
		`k=\,,k2=v2`:   {`k=\,`, `k2=v2`},   // escaped comma in value
		`k=\\,k2=v2`:   {`k=\\`, `k2=v2`},   // escaped backslash, unescaped comma
		`k=\\\,,k2=v2`: {`k=\\\,`, `k2=v2`}, // escaped backslash and comma
		`k=\a\b\`:      {`k=\a\b\`},         // non-escape sequences
		`k=\`:          {`k=\`},             // orphan backslash
		// Multi-byte
		`함=수,목=록`: {`함=수`, `목=록`},
	}
	for in, want := range cases {
		if got := splitTerms(in); !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("splitTerms(`%s`) = %#v, want %#v", in, got, want)
		}
	}
}

func TestSplitTerm(t *testing.T) {
	cases := map[string]struct {
		field string
		op    Operator
		value string
		ok    bool
	}{
		// Simple terms
		`a=value`:  {`a`, Equals, `value`, true},
		`b==value`: {`b`, DoubleEquals, `value`, true},
		`c!=value`: {`c`, NotEquals, `value`, true},
		// Empty or invalid terms
		``:  {},
		`a`: {},
		// Escaped values
		`k=\,`:          {`k`, Equals, `\,`, true},
		`k=\=`:          {`k`, Equals, `\=`, true},
		`k=\\\a\b\=\,\`: {`k`, Equals, `\\\a\b\=\,\`, true},
		// Multi-byte
		`함=수`: {`함`, Equals, `수`, true},
		// The first operator wins, scanning left to right.
		`a!b=c`: {`a!b`, Equals, `c`, true},
		`a=!=b`: {`a`, Equals, `!=b`, true},
		`a!==b`: {`a`, NotEquals, `=b`, true},
	}
	for in, want := range cases {
		f, op, v, ok := splitTerm(in)
		if f != want.field || op != want.op || v != want.value || ok != want.ok {
			t.Errorf("splitTerm(`%s`) = %q %q %q %v, want %q %q %q %v", in, f, op, v, ok, want.field, want.op, want.value, want.ok)
		}
	}
}

func TestEscapeValue(t *testing.T) {
	// unescaped value -> its escaped form
	cases := map[string]string{
		``:      ``,
		`a`:     `a`,
		`=`:     `\=`,
		`,`:     `\,`,
		`\`:     `\\`,
		`\=\,\`: `\\\=\\\,\\`,
	}
	for plain, escaped := range cases {
		if got := EscapeValue(plain); got != escaped {
			t.Errorf("EscapeValue(%s) = %s, want %s", plain, got, escaped)
		}
		got, err := UnescapeValue(escaped)
		if err != nil || got != plain {
			t.Errorf("UnescapeValue(%s) = %s, %v; want %s", escaped, got, err, plain)
		}
	}
	invalid := map[string]string{
		`\`:   `invalid field selector: invalid escape sequence: \`,  // orphan slash
		`\\\`: `invalid field selector: invalid escape sequence: \`,  // orphan slash
		`\a`:  `invalid field selector: invalid escape sequence: \a`, // unrecognized escape sequence
		`a,b`: `invalid field selector: unescaped character in value: 44`,
		`a=b`: `invalid field selector: unescaped character in value: 61`,
	}
	for in, want := range invalid {
		_, err := UnescapeValue(in)
		if err == nil || err.Error() != want {
			t.Errorf("UnescapeValue(%s) error = %v, want %s", in, err, want)
		}
	}
	var ies InvalidEscapeSequence
	if _, err := UnescapeValue(`\x`); !errors.As(err, &ies) {
		t.Errorf("UnescapeValue(`\\x`) error %T, want InvalidEscapeSequence", err)
	}
}

func TestSelectorParse(t *testing.T) {
	good := []string{
		"x=a,y=b,z=c",
		"",
		"x!=a,y=b",
		`x=a||y\=b`,
		`x=a\=\=b`,
	}
	for _, in := range good {
		sel, err := parseSelector(in)
		if err != nil {
			t.Errorf("ParseSelector(%q): %v", in, err)
			continue
		}
		if sel.String() != in {
			t.Errorf("ParseSelector(%q).String() = %q", in, sel.String())
		}
	}
	bad := map[string]string{
		"x=a||y=b":     "invalid field selector: unescaped character in value: 61",
		"x==a==b":      "invalid field selector: unescaped character in value: 61",
		"x=a,b":        "invalid selector: 'x=a,b'; can't understand 'b'",
		"x in (a)":     "invalid selector: 'x in (a)'; can't understand 'x in (a)'",
		"x in (a,b,c)": "invalid selector: 'x in (a,b,c)'; can't understand 'b'",
		"x":            "invalid selector: 'x'; can't understand 'x'",
		"foo":          "invalid selector: 'foo'; can't understand 'foo'",
		`x=\q`:         `invalid field selector: invalid escape sequence: \q`,
	}
	for in, want := range bad {
		sel, err := parseSelector(in)
		if err == nil || err.Error() != want || sel != nil {
			t.Errorf("ParseSelector(%q) = %v, %v; want error %q", in, sel, err, want)
		}
	}
}

// Terms are sorted as raw strings, so the order given does not matter.
func TestDeterministicParse(t *testing.T) {
	s1, err1 := parseSelector("x=a,a=x")
	s2, err2 := parseSelector("a=x,x=a")
	if err1 != nil || err2 != nil || s1.String() != s2.String() || s1.String() != "a=x,x=a" {
		t.Errorf("%v %v: %q vs %q", err1, err2, s1, s2)
	}
	// "==" is read as "=", and the canonical form uses "=".
	if s, _ := parseSelector("status.phase==Running"); s.String() != "status.phase=Running" {
		t.Errorf("== form: %q", s)
	}
	// Empty terms are skipped; a term that is only an operator selects
	// everything (Transform drops empty field and value).
	for _, in := range []string{",", ",,", "=", "!=", "==", "=,!="} {
		s, err := parseSelector(in)
		if err != nil || !s.Empty() || s.String() != "" {
			t.Errorf("ParseSelector(%q) = %q (empty %v), %v", in, s, s != nil && s.Empty(), err)
		}
	}
	if s, _ := parseSelector("a=b,="); s.String() != "a=b" {
		t.Errorf("ParseSelector(a=b,=) = %q", s)
	}
}

func TestSelectorMatches(t *testing.T) {
	cases := []struct {
		sel   string
		set   Set
		match bool
	}{
		{"", Set{"x": "y"}, true},
		{"x=y", Set{"x": "y"}, true},
		{"x=y,z=w", Set{"x": "y", "z": "w"}, true},
		{"x!=y,z!=w", Set{"x": "z", "z": "a"}, true},
		{"notin=in", Set{"notin": "in"}, true}, // in and notin in exactMatch
		{"x=y", Set{"x": "z"}, false},
		{"x=y,z=w", Set{"x": "w", "z": "w"}, false},
		{"x!=y,z!=w", Set{"x": "z", "z": "w"}, false},
		// A field the set lacks reads as "".
		{"x=", Set{}, true},
		{"x!=", Set{}, false},
		{"x!=y", Set{}, true},
	}
	fieldset := Set{"foo": "bar", "baz": "blah", "complex": `=value\,\`}
	for _, c := range []struct {
		sel   string
		match bool
	}{
		{"foo=bar", true},
		{"baz=blah", true},
		{"foo=bar,baz=blah", true},
		{`foo=bar,baz=blah,complex=\=value\\\,\\`, true},
		{"foo=blah", false},
		{"baz=bar", false},
		{"foo=bar,foobar=bar,baz=blah", false},
	} {
		cases = append(cases, struct {
			sel   string
			set   Set
			match bool
		}{c.sel, fieldset, c.match})
	}
	for _, c := range cases {
		sel, err := parseSelector(c.sel)
		if err != nil {
			t.Errorf("ParseSelector(%q): %v", c.sel, err)
			continue
		}
		if got := sel.Matches(c.set); got != c.match {
			t.Errorf("%q.Matches(%v) = %v, want %v", c.sel, c.set, got, c.match)
		}
	}
}

func TestEverythingAndNothing(t *testing.T) {
	if !Everything().Matches(Set{"x": "y"}) || !Everything().Empty() || Everything().String() != "" {
		t.Error("Everything")
	}
	if (nothing{}).Matches(Set{}) || (nothing{}).Empty() || (nothing{}).String() != "" {
		t.Error("Nothing")
	}
	if !OneTermEqualSelector("x", "y").Matches(Set{"x": "y"}) || OneTermEqualSelector("x", "y").Matches(Set{"x": "z"}) {
		t.Error("OneTermEqualSelector")
	}
	if oneTermNotEqualSelector("x", "y").Matches(Set{"x": "y"}) || !oneTermNotEqualSelector("x", "y").Matches(Set{"x": "z"}) {
		t.Error("OneTermNotEqualSelector")
	}
}

func TestSetMatches(t *testing.T) {
	labelset := Set{"foo": "bar", "baz": "blah"}
	for _, c := range []struct {
		sel   Set
		match bool
	}{
		{Set{}, true},
		{Set{"foo": "bar"}, true},
		{Set{"baz": "blah"}, true},
		{Set{"foo": "bar", "baz": "blah"}, true},
		{Set{"foo": "=blah"}, false},
		{Set{"baz": "=bar"}, false},
		{Set{"foo": "=bar", "foobar": "bar", "baz": "blah"}, false},
	} {
		if got := SelectorFromSet(c.sel).Matches(labelset); got != c.match {
			t.Errorf("SelectorFromSet(%v).Matches = %v", c.sel, got)
		}
	}
	if s := Set(nil).asSelector(); s == nil || !s.Empty() {
		t.Error("a nil Set should select everything")
	}
	if !(Set{}).asSelector().Empty() || !(and(nil)).Empty() || !(and{and{}}).Empty() {
		t.Error("empty sets and conjunctions should be empty")
	}
	if (&term{}).Empty() || (&term{negated: true}).Empty() || (and{&term{field: "a", value: "b"}}).Empty() {
		t.Error("terms are never empty")
	}
	// Deterministic, sorted by field, values escaped.
	if got := SelectorFromSet(Set{"b": "1", "a": "x,y"}).String(); got != `a=x\,y,b=1` {
		t.Errorf("SelectorFromSet String = %q", got)
	}
	if got := (Set{"b": "1", "a": "x"}).String(); got != "a=x,b=1" {
		t.Errorf("Set.String = %q", got)
	}
}

func TestRequiresExactMatch(t *testing.T) {
	cases := map[string]struct {
		sel   Selector
		field string
		value string
		found bool
	}{
		"empty set":                 {Set{}.asSelector(), "test", "", false},
		"empty term":                {&term{}, "test", "", false},
		"skipped term":              {&term{field: "a", value: "b"}, "test", "", false},
		"valid term":                {&term{field: "test", value: "b"}, "test", "b", true},
		"valid term no value":       {&term{field: "test"}, "test", "", true},
		"valid negated term":        {&term{field: "test", value: "b", negated: true}, "test", "", false},
		"negated term no value":     {&term{field: "test", negated: true}, "test", "", false},
		"nil and":                   {and(nil), "test", "", false},
		"empty and":                 {and{}, "test", "", false},
		"nested and":                {and{and{}}, "test", "", false},
		"nested and matches":        {and{&term{field: "test", value: "b"}}, "test", "b", true},
		"and with a non-match term": {and{&term{}, &term{field: "test", value: "b"}}, "test", "b", true},
	}
	for name, c := range cases {
		v, ok := c.sel.RequiresExactMatch(c.field)
		if v != c.value || ok != c.found {
			t.Errorf("%s: got %q %v, want %q %v", name, v, ok, c.value, c.found)
		}
	}
}

// Transform is how the API server converts field labels: it may rename a
// field, and its error stops the parse.
func TestTransform(t *testing.T) {
	conv := func(f, v string) (string, string, error) {
		switch f {
		case "spec.host":
			return "spec.nodeName", v, nil
		case "spec.nodeName", "status.phase":
			return f, v, nil
		}
		return "", "", errors.New("field label not supported: " + f)
	}
	sel, err := ParseAndTransformSelector("spec.host=node-1,status.phase!=Running", conv)
	if err != nil || sel.String() != "spec.nodeName=node-1,status.phase!=Running" {
		t.Fatalf("got %v, %v", sel, err)
	}
	want := []Requirement{{"spec.nodeName", Equals, "node-1"}, {"status.phase", NotEquals, "Running"}}
	if got := sel.Requirements(); !slices.Equal(got, want) {
		t.Errorf("Requirements = %v", got)
	}
	if _, err := ParseAndTransformSelector("status.phase=Running,foo=bar", conv); err == nil || err.Error() != "field label not supported: foo" {
		t.Errorf("error = %v", err)
	}
	// A parse error comes before any conversion.
	if _, err := ParseAndTransformSelector("foo", conv); err == nil || err.Error() != "invalid selector: 'foo'; can't understand 'foo'" {
		t.Errorf("error = %v", err)
	}
	if s, err := andSelectors(OneTermEqualSelector("spec.host", "n")).Transform(conv); err != nil || s.String() != "spec.nodeName=n" {
		t.Errorf("AndSelectors Transform = %v, %v", s, err)
	}
}

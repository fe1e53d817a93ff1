package labels

import (
	"slices"
	"strings"
	"testing"
)

func TestNewRequirementErrors(t *testing.T) {
	cases := []struct {
		key  string
		op   Operator
		vals []string
		want string // "" = valid
	}{
		// Upstream's constructor vectors (selector_test.go).
		{"x", In, nil, `values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty`},
		{"x", NotIn, []string{}, `values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty`},
		{"x", In, []string{"foo"}, ""},
		{"x", NotIn, []string{"foo"}, ""},
		{"x", Exists, nil, ""},
		{"x", DoesNotExist, nil, ""},
		{"1foo", In, []string{"bar"}, ""},
		{"1234", In, []string{"bar"}, ""},
		{"y", GreaterThan, []string{"1"}, ""},
		{"z", LessThan, []string{"6"}, ""},
		{"foo", GreaterThan, []string{"bar"}, `values[0]: Invalid value: "bar": for 'Gt', 'Lt' operators, the value must be an integer`},
		{"barz", LessThan, []string{"blah"}, `values[0]: Invalid value: "blah": for 'Gt', 'Lt' operators, the value must be an integer`},
		{strings.Repeat("a", 254), Exists, nil, `key: Invalid value: "` + strings.Repeat("a", 254) + `": name part must be no more than 63 bytes`},
		// The remaining rules.
		{"x", Equals, []string{"a", "b"}, `values: Invalid value: []string{"a", "b"}: exact-match compatibility requires one single value`},
		{"x", DoubleEquals, nil, `values: Invalid value: []string(nil): exact-match compatibility requires one single value`},
		{"x", NotEquals, []string{""}, ""},
		{"x", Exists, []string{"a"}, `values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist`},
		{"x", GreaterThan, []string{"1", "2"}, `values: Invalid value: []string{"1", "2"}: for 'Gt', 'Lt' operators, exactly one value is required`},
		// A signed number parses as an integer but is no label value.
		{"x", GreaterThan, []string{"+5"}, `values[0][x]: Invalid value: "+5": ` + msgLabelValue},
		{"x", LessThan, []string{"99999999999999999999"}, `values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer`},
		{"x", "foo", nil, `operator: Unsupported value: "foo": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"`},
		{"good-key", Equals, []string{z64}, `values[0][good-key]: Invalid value: "` + z64 + `": must be no more than 63 bytes`},
		{"bad key", Equals, []string{"v"}, `key: Invalid value: "bad key": ` + msgNamePart},
		{"a/b/c", Exists, nil, `key: Invalid value: "a/b/c": ` + msgManySlash},
		{"", Exists, nil, `key: Invalid value: "": name part must be non-empty; ` + msgNamePart},
		// Several failures aggregate as "[a, b, ...]", in upstream's order.
		{"-x", GreaterThan, []string{"a", "-b"}, `[key: Invalid value: "-x": ` + msgNamePart +
			`, values: Invalid value: []string{"a", "-b"}: for 'Gt', 'Lt' operators, exactly one value is required` +
			`, values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer` +
			`, values[1]: Invalid value: "-b": for 'Gt', 'Lt' operators, the value must be an integer` +
			`, values[1][-x]: Invalid value: "-b": ` + msgLabelValue + `]`},
		{"k", In, []string{"-a", "b_"}, `[values[0][k]: Invalid value: "-a": ` + msgLabelValue +
			`, values[1][k]: Invalid value: "b_": ` + msgLabelValue + `]`},
		// Same value twice: the paths differ, so both are reported.
		{"k", In, []string{"-a", "-a"}, `[values[0][k]: Invalid value: "-a": ` + msgLabelValue + `, values[1][k]: Invalid value: "-a": ` + msgLabelValue + `]`},
	}
	for _, c := range cases {
		r, err := NewRequirement(c.key, c.op, c.vals)
		if got := errString(err); got != c.want {
			t.Errorf("NewRequirement(%q, %q, %#v):\n got  %s\n want %s", c.key, c.op, c.vals, got, c.want)
		}
		if r == nil || r.Key() != c.key || r.Operator() != c.op {
			t.Errorf("NewRequirement(%q, %q, ...) must still return the requirement", c.key, c.op)
		}
	}
}

func TestAggregateDeduplicates(t *testing.T) {
	err := newAggregate([]string{"a", "", "b", "a"})
	if got := err.Error(); got != "[a, b]" {
		t.Errorf("got %q", got)
	}
	if got := err.(*AggregateError).errors(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Errors() = %q", got)
	}
	if newAggregate([]string{"", ""}) != nil {
		t.Error("all-empty list must give nil")
	}
	if got := newAggregate([]string{"x", "x"}).Error(); got != "x" {
		t.Errorf("single distinct message must print bare, got %q", got)
	}
}

func mustReq(t *testing.T, key string, op Operator, vals ...string) Requirement {
	t.Helper()
	r, err := NewRequirement(key, op, vals)
	if err != nil {
		t.Fatalf("NewRequirement(%q, %q, %q): %v", key, op, vals, err)
	}
	return *r
}

func TestRequirementString(t *testing.T) {
	cases := []struct {
		r    Requirement
		want string
	}{
		{mustReq(t, "x", In, "abc", "def"), "x in (abc,def)"},
		{mustReq(t, "x", In, "def", "abc"), "x in (abc,def)"},
		{mustReq(t, "y", NotIn, "jkl"), "y notin (jkl)"},
		{mustReq(t, "z", NotIn, ""), "z notin ()"},
		{mustReq(t, "z", In, "", "a"), "z in (,a)"},
		{mustReq(t, "z", Exists), "z"},
		{mustReq(t, "z", DoesNotExist), "!z"},
		{mustReq(t, "x", Equals, "abc"), "x=abc"},
		{mustReq(t, "y", DoubleEquals, "jkl"), "y==jkl"},
		{mustReq(t, "z", NotEquals, "a"), "z!=a"},
		{mustReq(t, "x", Equals, ""), "x="},
		{mustReq(t, "x", GreaterThan, "2"), "x>2"},
		{mustReq(t, "y", LessThan, "8"), "y<8"},
		{mustReq(t, "example.com/tier", In, "b", "a", "b"), "example.com/tier in (a,b,b)"},
	}
	for _, c := range cases {
		if got := c.r.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	// String sorts a copy, never the requirement itself.
	r := mustReq(t, "x", In, "b", "a")
	_ = r.String()
	if !slices.Equal(r.values, []string{"b", "a"}) {
		t.Errorf("String mutated values: %q", r.values)
	}
	if got := r.Values(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Values() = %q", got)
	}
	dup := mustReq(t, "x", In, "b", "a", "b")
	if got := dup.Values(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Values() must deduplicate: %q", got)
	}
}

func TestRequirementEqual(t *testing.T) {
	a := mustReq(t, "x", In, "a", "b")
	cases := []struct {
		b    Requirement
		want bool
	}{
		{mustReq(t, "x", In, "a", "b"), true},
		{mustReq(t, "x", In, "b", "a"), false},
		{mustReq(t, "y", In, "a", "b"), false},
		{mustReq(t, "x", NotIn, "a", "b"), false},
		{mustReq(t, "x", In, "a"), false},
	}
	for i, c := range cases {
		if got := a.equal(c.b); got != c.want {
			t.Errorf("case %d: Equal = %v, want %v", i, got, c.want)
		}
	}
}

func TestRequirementMatches(t *testing.T) {
	cases := []struct {
		r    Requirement
		ls   Set
		want bool
	}{
		{mustReq(t, "x", In, "foo"), Set{"x": "foo"}, true},
		{mustReq(t, "x", In, "foo", "bar"), Set{"x": "bar"}, true},
		{mustReq(t, "x", In, "foo"), Set{"x": "baz"}, false},
		{mustReq(t, "x", In, ""), Set{"y": "baz"}, false}, // absent never equals ""
		{mustReq(t, "x", In, ""), Set{"x": ""}, true},
		{mustReq(t, "x", Equals, ""), Set{}, false},
		{mustReq(t, "x", Equals, "y"), Set{"x": "y"}, true},
		{mustReq(t, "x", DoubleEquals, "y"), Set{"x": "y"}, true},
		{mustReq(t, "x", DoubleEquals, "y"), Set{"x": "Y"}, false},
		{mustReq(t, "y", NotIn, "alpha"), Set{"y": "baz"}, true},
		{mustReq(t, "y", NotIn, "alpha"), Set{"y": "alpha"}, false},
		{mustReq(t, "x", NotIn, ""), Set{"y": ""}, true}, // absent key matches notin
		{mustReq(t, "x", NotEquals, "a"), Set{}, true},   // absent key matches !=
		{mustReq(t, "x", NotEquals, "a"), Set{"x": "a"}, false},
		{mustReq(t, "x", NotEquals, "a"), Set{"x": "b"}, true},
		{mustReq(t, "y", Exists), Set{"y": ""}, true},
		{mustReq(t, "y", Exists), Set{"x": "y"}, false},
		{mustReq(t, "x", DoesNotExist), Set{"y": ""}, true},
		{mustReq(t, "y", DoesNotExist), Set{"y": ""}, false},
		{mustReq(t, "z", GreaterThan, "1"), Set{"z": "2"}, true},
		{mustReq(t, "z", GreaterThan, "1"), Set{"z": "1"}, false},
		{mustReq(t, "z", GreaterThan, "1"), Set{"z": "v2"}, false},
		{mustReq(t, "z", GreaterThan, "1"), Set{}, false},
		{mustReq(t, "z", GreaterThan, "0"), Set{"z": "-4"}, false},
		{mustReq(t, "z", GreaterThan, "1"), Set{"z": "+2"}, true},
		{mustReq(t, "z", LessThan, "10"), Set{"z": "9"}, true},
		{mustReq(t, "z", LessThan, "10"), Set{"z": "10"}, false},
		{mustReq(t, "z", LessThan, "10"), Set{"z": "1e1"}, false},
		{mustReq(t, "z", LessThan, "10"), Set{"z": "99999999999999999999"}, false},
		{Requirement{}, Set{"x": "foo"}, false}, // zero value matches nothing
		{Requirement{key: "z", operator: GreaterThan, values: []string{"1", "2"}}, Set{"z": "5"}, false},
		{Requirement{key: "z", operator: GreaterThan, values: []string{"x"}}, Set{"z": "5"}, false},
	}
	for _, c := range cases {
		if got := c.r.Matches(c.ls); got != c.want {
			t.Errorf("%q.Matches(%v) = %v, want %v", c.r.String(), c.ls, got, c.want)
		}
	}
}

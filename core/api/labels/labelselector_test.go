package labels

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestSelectorFromLabelSelector(t *testing.T) {
	type expr = api.LabelSelectorRequirement
	cases := []struct {
		name    string
		in      *api.LabelSelector
		want    string // String() of the selector
		wantErr string
		nothing bool
	}{
		{name: "nil selects nothing", in: nil, want: "", nothing: true},
		{name: "empty selects everything", in: &api.LabelSelector{}, want: ""},
		{name: "empty maps select everything", in: &api.LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []expr{}}, want: ""},
		{name: "matchLabels", in: &api.LabelSelector{MatchLabels: map[string]string{"pod-template-hash": "abc", "app": "nginx"}},
			want: "app=nginx,pod-template-hash=abc"},
		{name: "all operators", in: &api.LabelSelector{
			MatchLabels: map[string]string{"app": "web"},
			MatchExpressions: []expr{
				{Key: "tier", Operator: api.LabelSelectorOpIn, Values: []string{"fe", "be"}},
				{Key: "env", Operator: api.LabelSelectorOpNotIn, Values: []string{"dev"}},
				{Key: "track", Operator: api.LabelSelectorOpExists},
				{Key: "canary", Operator: api.LabelSelectorOpDoesNotExist},
			}},
			want: "app=web,!canary,env notin (dev),tier in (be,fe),track"},
		{name: "duplicate values are kept", in: &api.LabelSelector{MatchExpressions: []expr{
			{Key: "x", Operator: api.LabelSelectorOpIn, Values: []string{"b", "a", "b"}}}},
			want: "x in (a,b,b)"},
		{name: "bad operator", in: &api.LabelSelector{MatchExpressions: []expr{{Key: "x", Operator: "Gt", Values: []string{"1"}}}},
			wantErr: `"Gt" is not a valid label selector operator`},
		{name: "lowercase operator is invalid", in: &api.LabelSelector{MatchExpressions: []expr{{Key: "x", Operator: "in", Values: []string{"1"}}}},
			wantErr: `"in" is not a valid label selector operator`},
		{name: "In without values", in: &api.LabelSelector{MatchExpressions: []expr{{Key: "x", Operator: api.LabelSelectorOpIn}}},
			wantErr: `values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty`},
		{name: "Exists with values", in: &api.LabelSelector{MatchExpressions: []expr{{Key: "x", Operator: api.LabelSelectorOpExists, Values: []string{"a"}}}},
			wantErr: `values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist`},
		{name: "bad matchLabels key", in: &api.LabelSelector{MatchLabels: map[string]string{"bad key": "v"}},
			wantErr: `key: Invalid value: "bad key": ` + msgNamePart},
		{name: "bad matchLabels value", in: &api.LabelSelector{MatchLabels: map[string]string{"app": "-v"}},
			wantErr: `values[0][app]: Invalid value: "-v": ` + msgLabelValue},
		{name: "first bad matchLabels key in sorted order", in: &api.LabelSelector{MatchLabels: map[string]string{"z z": "v", "a a": "v"}},
			wantErr: `key: Invalid value: "a a": ` + msgNamePart},
	}
	for _, c := range cases {
		sel, err := SelectorFromLabelSelector(c.in)
		if got := errString(err); got != c.wantErr {
			t.Errorf("%s: error\n got  %s\n want %s", c.name, got, c.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if got := sel.String(); got != c.want {
			t.Errorf("%s: String() = %q, want %q", c.name, got, c.want)
		}
		if isNothing(sel) != c.nothing {
			t.Errorf("%s: IsNothing = %v, want %v", c.name, isNothing(sel), c.nothing)
		}
	}
}

func TestSelectorFromLabelSelectorDoesNotAlias(t *testing.T) {
	vals := []string{"a", "b"}
	ls := &api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "x", Operator: api.LabelSelectorOpIn, Values: vals}}}
	sel, err := SelectorFromLabelSelector(ls)
	if err != nil {
		t.Fatal(err)
	}
	vals[0] = "zzz"
	if !sel.Matches(Set{"x": "a"}) {
		t.Error("selector changed when the LabelSelector's values did")
	}
}

func TestFormatLabelSelector(t *testing.T) {
	cases := []struct {
		in   *api.LabelSelector
		want string
	}{
		{nil, "<none>"},
		{&api.LabelSelector{}, "<none>"},
		{&api.LabelSelector{MatchLabels: map[string]string{"app": "nginx", "pod-template-hash": "abc"}}, "app=nginx,pod-template-hash=abc"},
		{&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: api.LabelSelectorOpNotIn, Values: []string{"db"}}}}, "tier notin (db)"},
		{&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "x", Operator: "Bogus"}}}, "<error>"},
	}
	for _, c := range cases {
		if got := FormatLabelSelector(c.in); got != c.want {
			t.Errorf("FormatLabelSelector(%+v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMatchesLabelSelector(t *testing.T) {
	web := &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	cases := []struct {
		sel     *api.LabelSelector
		labels  map[string]string
		want    bool
		wantErr bool
	}{
		{web, map[string]string{"app": "web", "pod-template-hash": "x"}, true, false},
		{web, map[string]string{"app": "db"}, false, false},
		{web, nil, false, false},
		{nil, map[string]string{"app": "web"}, false, false},
		{&api.LabelSelector{}, nil, true, false},
		{&api.LabelSelector{MatchExpressions: []api.LabelSelectorRequirement{{Key: "x", Operator: "Bogus"}}}, nil, false, true},
	}
	for i, c := range cases {
		got, err := matchesLabelSelector(c.sel, c.labels)
		if got != c.want || (err != nil) != c.wantErr {
			t.Errorf("case %d: got %v, %v; want %v, err=%v", i, got, err, c.want, c.wantErr)
		}
	}
}

package labels

import "testing"

func TestSet(t *testing.T) {
	s := Set{"app": "web", "empty": "", "a.b": "x", "a": "y"}
	if !s.Has("empty") || s.Has("missing") {
		t.Error("Has: want empty present, missing absent")
	}
	if s.Get("app") != "web" || s.Get("missing") != "" {
		t.Error("Get: wrong values")
	}
	if v, ok := s.Lookup("empty"); v != "" || !ok {
		t.Errorf("Lookup(empty) = %q, %v", v, ok)
	}
	if v, ok := s.Lookup("missing"); v != "" || ok {
		t.Errorf("Lookup(missing) = %q, %v", v, ok)
	}
	var nilSet Set
	if nilSet.Has("x") || nilSet.String() != "" {
		t.Error("nil Set must behave as empty")
	}
}

func TestSetString(t *testing.T) {
	cases := []struct {
		in   Set
		want string
	}{
		{nil, ""},
		{Set{}, ""},
		{Set{"app": "nginx"}, "app=nginx"},
		{Set{"pod-template-hash": "abc", "app": "nginx"}, "app=nginx,pod-template-hash=abc"},
		{Set{"x": ""}, "x="},
		// Whole "k=v" strings are sorted, as upstream does: '.' < '='.
		{Set{"a": "y", "a.b": "x"}, "a.b=x,a=y"},
		{Set{"b": "1", "a": "2", "c": "0"}, "a=2,b=1,c=0"},
	}
	for _, c := range cases {
		if got := c.in.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFormatLabels(t *testing.T) {
	cases := []struct {
		in   map[string]string
		want string
	}{
		{nil, "<none>"},
		{map[string]string{}, "<none>"},
		{map[string]string{"app": "web"}, "app=web"},
		{map[string]string{"tier": "fe", "app": "web"}, "app=web,tier=fe"},
	}
	for _, c := range cases {
		if got := FormatLabels(c.in); got != c.want {
			t.Errorf("FormatLabels(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

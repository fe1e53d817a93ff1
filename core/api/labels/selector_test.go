package labels

import (
	"slices"
	"testing"
)

func TestSelectorMatches(t *testing.T) {
	fooBaz := Set{"foo": "bar", "baz": "blah"}
	cases := []struct {
		sel  string
		ls   Set
		want bool
	}{
		// Upstream's matching vectors.
		{"", Set{"x": "y"}, true},
		{"x=y", Set{"x": "y"}, true},
		{"x=y,z=w", Set{"x": "y", "z": "w"}, true},
		{"x!=y,z!=w", Set{"x": "z", "z": "a"}, true},
		{"notin=in", Set{"notin": "in"}, true},
		{"x", Set{"x": "z"}, true},
		{"!x", Set{"y": "z"}, true},
		{"x>1", Set{"x": "2"}, true},
		{"x<1", Set{"x": "0"}, true},
		{"x=z", Set{}, false},
		{"x=y", Set{"x": "z"}, false},
		{"x=y,z=w", Set{"x": "w", "z": "w"}, false},
		{"x!=y,z!=w", Set{"x": "z", "z": "w"}, false},
		{"x", Set{"y": "z"}, false},
		{"!x", Set{"x": "z"}, false},
		{"x>1", Set{"x": "0"}, false},
		{"x<1", Set{"x": "2"}, false},
		{"foo=bar", fooBaz, true},
		{"baz=blah", fooBaz, true},
		{"foo=bar,baz=blah", fooBaz, true},
		{"foo=blah", fooBaz, false},
		{"baz=bar", fooBaz, false},
		{"foo=bar,foobar=bar,baz=blah", fooBaz, false},
		// Set-based and absent-key semantics.
		{"x in (foo),y notin (alpha)", Set{"x": "foo", "y": "baz"}, true},
		{"x in (foo),y in (alpha)", Set{"x": "foo", "y": "baz"}, false},
		{"x notin (),y", Set{"y": ""}, true},
		{"!x,y", Set{"y": ""}, true},
		{"x notin (),!y", Set{"y": ""}, false},
		{"x in ()", Set{"y": "baz"}, false},
		{"x in ()", Set{"x": ""}, true},
		{"x=", Set{"x": ""}, true},
		{"x=", Set{}, false},
		{"x!=", Set{}, true},
		{"tier!=db", Set{"app": "web"}, true},
		{"env notin (prod)", Set{}, true},
		{"app=web,tier!=db,env in (a,b),!canary", Set{"app": "web", "env": "a"}, true},
		{"app=web,tier!=db,env in (a,b),!canary", Set{"app": "web", "env": "a", "canary": "true"}, false},
		{"app=web,tier!=db,env in (a,b),!canary", Set{"app": "web", "env": "c"}, false},
		{"app=web,tier!=db,env in (a,b),!canary", Set{"app": "web", "env": "b", "tier": "db"}, false},
	}
	for _, c := range cases {
		sel, err := Parse(c.sel)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.sel, err)
			continue
		}
		if got := sel.Matches(c.ls); got != c.want {
			t.Errorf("%q.Matches(%v) = %v, want %v", c.sel, c.ls, got, c.want)
		}
	}
}

func TestEverythingAndNothing(t *testing.T) {
	if e := Everything(); !e.Matches(Set{"x": "y"}) || !e.Matches(Set(nil)) || !e.Empty() || e.String() != "" {
		t.Error("Everything must match all, be empty and print as \"\"")
	}
	if reqs, ok := Everything().Requirements(); len(reqs) != 0 || !ok {
		t.Error("Everything().Requirements() must be (none, true)")
	}
	n := Nothing()
	if n.Matches(Set{}) || n.Matches(Set{"x": "y"}) || n.Empty() || n.String() != "" {
		t.Error("Nothing must match none, not be empty and print as \"\"")
	}
	if reqs, ok := n.Requirements(); reqs != nil || ok {
		t.Error("Nothing().Requirements() must be (nil, false)")
	}
	if !isNothing(n.Add(mustReq(t, "x", Exists))) || isNothing(Everything()) {
		t.Error("IsNothing: Nothing stays Nothing after Add; Everything is not Nothing")
	}
	sel, _ := Parse("")
	if !sel.Empty() || !sel.Matches(Set{"a": "b"}) {
		t.Error(`Parse("") must select everything`)
	}
}

func TestSelectorFromSet(t *testing.T) {
	cases := []struct {
		set  Set
		want string
	}{
		{nil, ""},
		{Set{}, ""},
		{Set{"app": "nginx"}, "app=nginx"},
		{Set{"pod-template-hash": "abc", "app": "nginx"}, "app=nginx,pod-template-hash=abc"},
		{Set{"a": "y", "a.b": "x"}, "a=y,a.b=x"}, // sorted by key, unlike Set.String
	}
	for _, c := range cases {
		sel := SelectorFromSet(c.set)
		if got := sel.String(); got != c.want {
			t.Errorf("SelectorFromSet(%v).String() = %q, want %q", c.set, got, c.want)
		}
		if sel.Empty() != (len(c.set) == 0) {
			t.Errorf("SelectorFromSet(%v).Empty() = %v", c.set, sel.Empty())
		}
	}
	labelset := Set{"foo": "bar", "baz": "blah"}
	for _, s := range []Set{{}, {"foo": "bar"}, {"baz": "blah"}, {"foo": "bar", "baz": "blah"}} {
		if !SelectorFromSet(s).Matches(labelset) {
			t.Errorf("SelectorFromSet(%v) must match %v", s, labelset)
		}
	}
	for _, s := range []Set{{"foo": "blah"}, {"foo": "bar", "x": "y"}} {
		if SelectorFromSet(s).Matches(labelset) {
			t.Errorf("SelectorFromSet(%v) must not match %v", s, labelset)
		}
	}
}

func TestSelectorAdd(t *testing.T) {
	base, err := Parse("key in (value)")
	if err != nil {
		t.Fatal(err)
	}
	added := base.Add(mustReq(t, "key2", Equals, "value2"), mustReq(t, "a", Exists))
	if got, want := added.String(), "a,key in (value),key2=value2"; got != want {
		t.Errorf("Add: String() = %q, want %q", got, want)
	}
	if got := base.String(); got != "key in (value)" {
		t.Errorf("Add changed its receiver: %q", got)
	}
	if got := Everything().Add(mustReq(t, "x", Exists)).String(); got != "x" {
		t.Errorf("Everything().Add: %q", got)
	}
	reqs, ok := added.Requirements()
	keys := []string{}
	for _, r := range reqs {
		keys = append(keys, r.Key())
	}
	if !ok || !slices.Equal(keys, []string{"a", "key", "key2"}) {
		t.Errorf("Requirements() keys = %q, %v", keys, ok)
	}
}

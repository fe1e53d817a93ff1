package fields

import "testing"

// FuzzParseSelector checks that ParseSelector never panics, and that
// whatever parses prints a String() that parses back to a selector that
// selects the same field sets, with a String() that is then a fixed point.
// (One round may reorder terms: the parser sorts raw terms, so
// "x==b,x=a" prints "x=b,x=a", which parses to "x=a,x=b", as upstream.)
func FuzzParseSelector(f *testing.F) {
	for _, s := range []string{
		"", "x=a,y=b,z=c", "x!=a,y=b", `x=a||y\=b`, `x=a\=\=b`, "x=a||y=b", "x==a==b", "x=a,b",
		"x in (a)", "x", ",", "=", "!=", "a!==b", "a=!=b", `k=\,,k2=v2`, `k=\\\,,k2=v2`, `k=\`,
		"함=수,목=록", "x==b,x=a", "spec.nodeName=node-1,status.phase!=Running", `a\,b=c`, "=a", "x=\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sel, err := parseSelector(in)
		if err != nil {
			if sel != nil {
				t.Fatalf("ParseSelector(%q) returned a selector and an error", in)
			}
			return
		}
		canon := sel.String()
		again, err := parseSelector(canon)
		if err != nil {
			t.Fatalf("ParseSelector(%q) ok, but its String() %q does not parse: %v", in, canon, err)
		}
		canon2 := again.String()
		third, err := parseSelector(canon2)
		if err != nil || third.String() != canon2 {
			t.Fatalf("String() does not settle: %q -> %q -> %q -> %v, %v", in, canon, canon2, third, err)
		}
		if sel.Empty() != again.Empty() {
			t.Fatalf("%q and %q disagree on Empty", in, canon)
		}
		// Both must agree on field sets built from the input's own terms,
		// with each term's value and with a different one.
		for _, variant := range []string{"", "x"} {
			fs := Set{}
			for _, r := range sel.Requirements() {
				fs[r.Field] = r.Value + variant
			}
			if sel.Matches(fs) != again.Matches(fs) {
				t.Fatalf("%q and %q disagree on %v", in, canon, fs)
			}
		}
	})
}

package labels

import "testing"

// FuzzParse checks that Parse never panics and that its canonical form is a
// fixed point: whatever parses prints a String() that parses back to the
// same String() and selects the same label sets.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "x=a,y=b,z=c", "x!=a,y=b", "x=", "x= ,z= ", "!x", "x>1,z<5", "x==a==b",
		"app=web,tier!=db,env in (a,b),!canary", "x in (abc,)", "x in ()", "x notin (, a)",
		"a in (x,y,notin, z,in)", "notin=in", "in in (in)", "a/b/c ?=? def", "x=\x00y",
		"example.com/key notin (a,,b)", "x in (a,", "!", ",", "(", "x<a", "k>007",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sel, err := Parse(in)
		if err != nil {
			if sel != nil {
				t.Fatalf("Parse(%q) returned a selector and an error", in)
			}
			return
		}
		canon := sel.String()
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its String() %q does not parse: %v", in, canon, err)
		}
		if got := again.String(); got != canon {
			t.Fatalf("String() not a fixed point: %q -> %q -> %q", in, canon, got)
		}
		// Both selectors must agree on a label set built from the input's
		// own requirements.
		ls := Set{}
		reqs, _ := sel.Requirements()
		for _, r := range reqs {
			if vals := r.Values(); len(vals) > 0 {
				ls[r.Key()] = vals[0]
			}
		}
		if sel.Matches(ls) != again.Matches(ls) {
			t.Fatalf("%q and %q disagree on %v", in, canon, ls)
		}
	})
}

package labels

import (
	"slices"
	"strings"
	"testing"
)

// Inputs that parse, with the canonical String() upstream prints for them:
// requirements sorted by key, set values sorted and deduplicated, spaces
// gone.
func TestParseCanonicalString(t *testing.T) {
	cases := []struct{ in, want string }{
		// Upstream's good strings (their String() is the input minus spaces).
		{"x=a,y=b,z=c", "x=a,y=b,z=c"},
		{"", ""},
		{"x!=a,y=b", "x!=a,y=b"},
		{"x=", "x="},
		{"x= ", "x="},
		{"x=,z= ", "x=,z="},
		{"x= ,z= ", "x=,z="},
		{"!x", "!x"},
		{"x>1", "x>1"},
		{"x>1,z<5", "x>1,z<5"},
		// Deterministic: order of input does not matter.
		{"x=a,a=x", "a=x,x=a"},
		{"a=x,x=a", "a=x,x=a"},
		// The brief's example and kubectl-style inputs.
		{"app=web,tier!=db,env in (a,b),!canary", "app=web,!canary,env in (a,b),tier!=db"},
		{"app = web , tier != db", "app=web,tier!=db"},
		{"app==web", "app==web"},
		{"environment in (production, qa)", "environment in (production,qa)"},
		{"tier notin (frontend,backend)", "tier notin (backend,frontend)"},
		{"partition", "partition"},
		{"!partition", "!partition"},
		{"app.kubernetes.io/name=nginx,pod-template-hash=66b6c48dd5", "app.kubernetes.io/name=nginx,pod-template-hash=66b6c48dd5"},
		// Upstream's set-selector vectors.
		{"\rx", "x"},
		{"this-is-a-dns.domain.com/key-with-dash", "this-is-a-dns.domain.com/key-with-dash"},
		{"this-is-another-dns.domain.com/key-with-dash in (so,what)", "this-is-another-dns.domain.com/key-with-dash in (so,what)"},
		{"0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)", "0.1.2.domain/99 notin (10.10.100.1,tick.tack.clock)"},
		{"foo  in\t (abc)", "foo in (abc)"},
		{"x notin\n (abc)", "x notin (abc)"},
		{"x  notin\t\t\t(abc,def)", "x notin (abc,def)"},
		{"x in (abc,def)", "x in (abc,def)"},
		{"x in (abc,)", "x in (,abc)"},
		{"x in ()", "x in ()"},
		{"x notin (abc,def),bar,z in (),w", "bar,w,x notin (abc,def),z in ()"},
		{"x,y in (a)", "x,y in (a)"},
		{"x=a", "x=a"},
		{"x<7", "x<7"},
		{"x=a,y!=b", "x=a,y!=b"},
		{"x=a,y!=b,z in (h,i,j)", "x=a,y!=b,z in (h,i,j)"},
		{"x notin ( )", "x notin ()"},
		{"x notin (, a)", "x notin (,a)"},
		{"a ", "a"},
		{"a in (x,y,notin, z,in)", "a in (in,notin,x,y,z)"},
		// Empty values anywhere in a set, and duplicates, collapse.
		{"x in (a,,b)", "x in (,a,b)"},
		{"x in (,)", "x in ()"},
		{"x in (b,a,b,a)", "x in (a,b)"},
		// Keywords are plain words where a key or value is expected.
		{"notin=in", "notin=in"},
		{"in in (in)", "in in (in)"},
		{"!in", "!in"},
		// Same key twice keeps input order (upstream's sort is stable here).
		{"x!=b,x=a", "x!=b,x=a"},
		{"x=a,x!=b", "x=a,x!=b"},
		// A NUL ends the input where a token would start, and is dropped
		// right after a token (upstream's lexer).
		{"x=a \x00,junk", "x=a"},
		{"x=a\x00,junk", "junk,x=a"},
		{"x=\x00y", "x=y"},
		{"x \x00 =y", "x"},
	}
	for _, c := range cases {
		sel, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): unexpected error %v", c.in, err)
			continue
		}
		if got := sel.String(); got != c.want {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.want)
		}
	}
}

// Inputs that fail, with upstream's exact error text.
func TestParseErrors(t *testing.T) {
	valueErr := func(path, v string) string {
		return prefixReq + path + `: Invalid value: "` + v + `": ` + msgLabelValue
	}
	cases := []struct{ in, want string }{
		// Upstream's bad strings.
		{"x=a||y=b", valueErr("values[0][x]", "a||y")},
		{"x==a==b", "found '==', expected: ',' or 'end of string'"},
		{"!x=a", "found '=', expected: ',' or 'end of string'"},
		{"x<a", prefixReq + `values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`},
		{"x>1.5", prefixReq + `values[0]: Invalid value: "1.5": for 'Gt', 'Lt' operators, the value must be an integer`},
		{"x>", prefixReq + `values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`},
		{"x,y,", "found '', expected: identifier after ','"},
		{",x,y", "found ',', expected: !, identifier, or 'end of string'"},
		{"x nott in (y)", prefixReq + "found 'nott', expected: " + msgOperators},
		{"a in (xyz),", "found '', expected: identifier after ','"},
		{"a in (xyz)b notin ()", "found 'b', expected: ',' or 'end of string'"},
		{"a in (xyz abc)", prefixReq + "found 'abc', expected: ',' or ')'"},
		{"a notin(", prefixReq + "found '', expected: ',', ')' or identifier"},
		{"a (", prefixReq + "found '(', expected: " + msgOperators},
		{"(", "found '(', expected: !, identifier, or 'end of string'"},
		// Lexer/parser messages, one per branch.
		{"!", prefixReq + "found '', expected: identifier"},
		{"!!x", prefixReq + "found '!', expected: identifier"},
		{"!=x", "found '!=', expected: !, identifier, or 'end of string'"},
		{"x,,y", "found ',', expected: identifier after ','"},
		{"x,=", "found '=', expected: identifier after ','"},
		{"x=y z", "found 'z', expected: ',' or 'end of string'"},
		{"x=a b=c", "found 'b', expected: ',' or 'end of string'"},
		{"x y", prefixReq + "found 'y', expected: " + msgOperators},
		{"x >= 1", prefixReq + "found '=', expected: identifier"},
		{"x=(", prefixReq + "found '(', expected: identifier"},
		{"x in a", prefixReq + "found 'a' expected: '('"},
		{"x in", prefixReq + "found '' expected: '('"},
		{"x in (=)", prefixReq + "found '=', expected: ',', ')' or identifier"},
		{"x in (a,=)", prefixReq + "found '=', expected: ',', or identifier"},
		{"x in (a", prefixReq + "found '', expected: ',' or ')'"},
		{"x in (a,", prefixReq + "found '', expected: ',', or identifier"},
		{"a=b\x00c", "found 'c', expected: ',' or 'end of string'"},
		// Key validation runs in the parser with a nil field path.
		{"a/b/c ?=? def", prefixReq + `<nil>: Invalid value: "a/b/c": ` + msgManySlash},
		{"-x", prefixReq + `<nil>: Invalid value: "-x": ` + msgNamePart},
		{"bad_ = x", prefixReq + `<nil>: Invalid value: "bad_": ` + msgNamePart},
		{"Example.com/x=1", prefixReq + `<nil>: Invalid value: "Example.com/x": prefix part ` + msgSubdomain},
		{"Ex_ample/-x-=1", prefixReq + `<nil>: Invalid value: "Ex_ample/-x-": prefix part ` + msgSubdomain + "; " + msgNamePart},
		{"/x", prefixReq + `<nil>: Invalid value: "/x": prefix part must be non-empty`},
		{strings.Repeat("k", 64) + "=v", prefixReq + `<nil>: Invalid value: "` + strings.Repeat("k", 64) + `": name part must be no more than 63 bytes`},
		{"é=1", prefixReq + `<nil>: Invalid value: "é": ` + msgNamePart},
		// Value validation runs in NewRequirement: paths values[i][key].
		{"app=-a", valueErr("values[0][app]", "-a")},
		{"x>-1", valueErr("values[0][x]", "-1")},
		{"k=" + z64, prefixReq + `values[0][k]: Invalid value: "` + z64 + `": must be no more than 63 bytes`},
		{"k in (ok,b_,-a)", prefixReq + "[" + strings.TrimPrefix(valueErr("values[0][k]", "-a"), prefixReq) + ", " +
			strings.TrimPrefix(valueErr("values[1][k]", "b_"), prefixReq) + "]"},
		{"app=web,tier=fr ont", "found 'ont', expected: ',' or 'end of string'"},
	}
	for _, c := range cases {
		sel, err := Parse(c.in)
		if got := errString(err); got != c.want {
			t.Errorf("Parse(%q) error:\n got  %s\n want %s", c.in, got, c.want)
		}
		if err != nil && sel != nil {
			t.Errorf("Parse(%q) returned a selector with its error", c.in)
		}
	}
}

func TestLexer(t *testing.T) {
	cases := []struct {
		in   string
		want []tokenKind
	}{
		// Upstream's lexer sequences.
		{"", nil},
		{",", []tokenKind{tokComma}},
		{"notin", []tokenKind{tokNotIn}},
		{"in", []tokenKind{tokIn}},
		{"=", []tokenKind{tokEquals}},
		{"==", []tokenKind{tokDoubleEquals}},
		{">", []tokenKind{tokGreater}},
		{"<", []tokenKind{tokLess}},
		{"!", []tokenKind{tokNot}},
		{"!=", []tokenKind{tokNotEquals}},
		{"(", []tokenKind{tokOpenPar}},
		{")", []tokenKind{tokClosePar}},
		{"~", []tokenKind{tokIdent}},
		{"||", []tokenKind{tokIdent}},
		{"key in ( value )", []tokenKind{tokIdent, tokIn, tokOpenPar, tokIdent, tokClosePar}},
		{"key notin ( value )", []tokenKind{tokIdent, tokNotIn, tokOpenPar, tokIdent, tokClosePar}},
		{"key in ( value1, value2 )", []tokenKind{tokIdent, tokIn, tokOpenPar, tokIdent, tokComma, tokIdent, tokClosePar}},
		{"key", []tokenKind{tokIdent}},
		{"!key", []tokenKind{tokNot, tokIdent}},
		{"()", []tokenKind{tokOpenPar, tokClosePar}},
		{"x in (),y", []tokenKind{tokIdent, tokIn, tokOpenPar, tokClosePar, tokComma, tokIdent}},
		{"== != (), = notin", []tokenKind{tokDoubleEquals, tokNotEquals, tokOpenPar, tokClosePar, tokComma, tokEquals, tokNotIn}},
		{"key>2", []tokenKind{tokIdent, tokGreater, tokIdent}},
		{"key<1", []tokenKind{tokIdent, tokLess, tokIdent}},
		// Longest match, two bytes at most.
		{"===", []tokenKind{tokDoubleEquals, tokEquals}},
		{"!==", []tokenKind{tokNotEquals, tokEquals}},
		{">=", []tokenKind{tokGreater, tokEquals}},
		{"=!", []tokenKind{tokEquals, tokNot}},
		{"!!", []tokenKind{tokNot, tokNot}},
		{"inx", []tokenKind{tokIdent}},
		{"a\x00b", []tokenKind{tokIdent, tokIdent}},
		{"a \x00b", []tokenKind{tokIdent}},
		{"!\x00=", []tokenKind{tokNot, tokEquals}},
	}
	for _, c := range cases {
		toks := lexAll(c.in)
		var got []tokenKind
		for _, tk := range toks[:len(toks)-1] {
			got = append(got, tk.kind)
		}
		if !slices.Equal(got, c.want) || toks[len(toks)-1].kind != tokEnd {
			t.Errorf("lex(%q) = %v, want %v then end", c.in, got, c.want)
		}
	}
}

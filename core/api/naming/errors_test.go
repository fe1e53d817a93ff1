package naming

import "testing"

func TestMessageBuilders(t *testing.T) {
	cases := []struct{ got, want string }{
		{MaxLenError(63), "must be no more than 63 bytes"},
		{MaxLenError(253), "must be no more than 253 bytes"},
		{EmptyError(), "must be non-empty"},
		{InclusiveRangeError(1, 65535), "must be between 1 and 65535, inclusive"},
		{InclusiveRangeError(-4, 2), "must be between -4 and 2, inclusive"},
		{RegexError("bad", "x+"), "bad (regex used for validation is 'x+')"},
		{RegexError("bad", "x+", "x"), "bad (e.g. 'x', regex used for validation is 'x+')"},
		{RegexError("bad", "x+", "x", "xx", "xxx"), "bad (e.g. 'x',  or 'xx',  or 'xxx', regex used for validation is 'x+')"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d:\n got  %q\n want %q", i, c.got, c.want)
		}
	}
}

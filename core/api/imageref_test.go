package api

import (
	"regexp"
	"strings"
	"testing"
)

// The grammar of github.com/distribution/reference (regexp.go), which
// SplitImageReference implements by hand.
var (
	refPathComponent = `[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*`
	refDomainComp    = `(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])`
	refHost          = `(?:` + refDomainComp + `(?:\.` + refDomainComp + `)*|\[(?:[a-fA-F0-9:]+)\])`
	refName          = `(?:` + refHost + `(?::[0-9]+)?/)?` + refPathComponent + `(?:/` + refPathComponent + `)*`
	refTag           = `[\w][\w.-]{0,127}`
	refDigest        = `[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}`
	referenceRegexp  = regexp.MustCompile(`^(` + refName + `)(?::(` + refTag + `))?(?:@(` + refDigest + `))?$`)
	imageIDRegexp    = regexp.MustCompile(`^[a-f0-9]{64}$`)
)

const hex32 = "0123456789abcdef0123456789ABCDEF"

// imageRefCases are edge cases of every rule of the grammar.
var imageRefCases = []string{
	"", "/", "a", "A", "a/", "/a", "a//b", "docker.io/library/nginx", "docker.io/library/nginx:1.16.1",
	"docker.io/nginx:", "docker.io/nginx:latest@", "docker.io/nginx@", "docker.io/nginx@sha256:" + hex32,
	"docker.io/nginx:1@sha256:" + hex32, "docker.io/nginx:1@sha256:" + hex32[:31], "x/nginx@sha256:" + hex32 + "g",
	"x/n@sha256+b.c_d-e:" + hex32, "x/n@sha256++b:" + hex32, "x/n@sha256-:" + hex32, "x/n@-sha:" + hex32,
	"x/n@1sha:" + hex32, "x/n@s1:" + hex32, "x/n@s.1:" + hex32, "x/n@s:" + hex32 + ":" + hex32, "x/n@a@b",
	"x/n@:" + hex32, "x/n@s" + hex32, "x/n:t@s:" + hex32 + "@s:" + hex32,
	"a.b", "a_b", "a__b", "a___b", "a-b", "a--b", "a---b", "a._b", "a_.b", "a-.b", "a.-b", "a..b", "_a", "a_", "-a", "a-",
	".a", "a.", "aB", "a b", "é", "a\n", "a\x00b", "a\xffb",
	"localhost:5000/app", "localhost:/app", "localhost:x/app", "localhost:5000:1/app", "a.b.c:1/d",
	"A-b.C/d", "-a.b/c", "a-.b/c", "a..b/c", ".a/b", "a./b", "a.b/c/D",
	"[::1]/app", "[::1]:5000/app", "[::1]:/app", "[::1]x/app", "[]/app", "[g::1]/app", "[::1/app", "[::1]]/app",
	"::1]/app", "[AbC:0]:80/app:t",
	"x/app:" + strings.Repeat("t", 128), "x/app:" + strings.Repeat("t", 129), "x/app:_", "x/app:.a", "x/app:-a",
	"x/app:a.-_B9", "x/app:a/b", "x/app:a:b", "x/app:a b", "x/a:b/c", "a:1/b:2", "a:1", "a:1:2",
	"x/" + strings.Repeat("a", 300),
}

func TestSplitImageReferenceMatchesRegexp(t *testing.T) {
	for _, s := range imageRefCases {
		checkSplitImageReference(t, s)
	}
}

func FuzzSplitImageReference(f *testing.F) {
	for _, s := range imageRefCases {
		f.Add(s)
	}
	f.Fuzz(checkSplitImageReference)
}

func checkSplitImageReference(t *testing.T, s string) {
	name, tag, digest, ok := SplitImageReference(s)
	m := referenceRegexp.FindStringSubmatch(s)
	if want := m != nil; ok != want {
		t.Fatalf("SplitImageReference(%q) ok = %v, the regexp says %v", s, ok, want)
	}
	if ok && (name != m[1] || tag != m[2] || digest != m[3]) {
		t.Fatalf("SplitImageReference(%q) = %q %q %q, the regexp says %q %q %q", s, name, tag, digest, m[1], m[2], m[3])
	}
	if got, want := IsImageID(s), imageIDRegexp.MatchString(s); got != want {
		t.Fatalf("IsImageID(%q) = %v, the regexp says %v", s, got, want)
	}
}

func TestIsImageID(t *testing.T) {
	id := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	for _, s := range []string{id, id[1:], id + "0", strings.ToUpper(id), id[:63] + "g", ""} {
		if got, want := IsImageID(s), imageIDRegexp.MatchString(s); got != want {
			t.Errorf("IsImageID(%q) = %v, want %v", s, got, want)
		}
	}
}

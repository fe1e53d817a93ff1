package apiserver

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

var (
	suffixRE = regexp.MustCompile(`^[bcdfghjklmnpqrstvwxz2456789]{5}$`)
	uuidRE   = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
)

func TestGenerateNameFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	long := strings.Repeat("a", 70)
	cases := []struct {
		base, wantPrefix string
	}{
		{"web-", "web-"},
		{"web-66b6c48dd5-", "web-66b6c48dd5-"},
		{"", ""},
		{strings.Repeat("x", 58), strings.Repeat("x", 58)},
		{long, long[:58]},
	}
	for _, c := range cases {
		for range 50 {
			got := generateName(rng, c.base)
			if !strings.HasPrefix(got, c.wantPrefix) || len(got) != len(c.wantPrefix)+5 {
				t.Fatalf("generateName(%q) = %q, want %q + 5 characters", c.base, got, c.wantPrefix)
			}
			if !suffixRE.MatchString(got[len(c.wantPrefix):]) {
				t.Fatalf("generateName(%q) = %q: suffix not from utilrand's alphabet", c.base, got)
			}
			if len(got) > 63 {
				t.Fatalf("generateName(%q) = %q is longer than 63", c.base, got)
			}
		}
	}
}

// TestGenerateNameDeterminism: the same seed gives the same names and uids;
// another seed gives others. The values are pinned so that a change in how
// they are drawn (which would change every scenario transcript) is noticed.
func TestGenerateNameDeterminism(t *testing.T) {
	draw := func(seed uint64) (names, uids []string) {
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		for range 3 {
			uids = append(uids, newUID(rng))
			names = append(names, generateName(rng, "web-"))
		}
		return
	}
	n1, u1 := draw(1)
	n2, u2 := draw(1)
	n3, u3 := draw(2)
	for i := range n1 {
		if n1[i] != n2[i] || u1[i] != u2[i] {
			t.Errorf("seed 1 drew %q/%q then %q/%q", n1[i], u1[i], n2[i], u2[i])
		}
		if !uuidRE.MatchString(u1[i]) {
			t.Errorf("uid %q is not a version 4 UUID", u1[i])
		}
	}
	if strings.Join(n1, ",") == strings.Join(n3, ",") || strings.Join(u1, ",") == strings.Join(u3, ",") {
		t.Errorf("seeds 1 and 2 drew the same names %v / uids %v", n1, u1)
	}
	s1, s2 := newTestServer(42), newTestServer(42)
	a, _ := s1.Create(testPodGenerate("web-"))
	b, _ := s2.Create(testPodGenerate("web-"))
	if a.GetObjectMeta().Name != b.GetObjectMeta().Name || a.GetObjectMeta().UID != b.GetObjectMeta().UID {
		t.Errorf("two servers with seed 42 created %s/%s and %s/%s", a.GetObjectMeta().Name,
			a.GetObjectMeta().UID, b.GetObjectMeta().Name, b.GetObjectMeta().UID)
	}
}

func TestGenerateNamePinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 0x9e3779b97f4a7c15))
	got := []string{generateName(rng, "web-"), generateName(rng, "web-"), newUID(rng)}
	want := pinnedDraws
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("draw %d = %q, want %q (the seeded stream changed)", i, got[i], want[i])
		}
	}
}

func TestNewUIDFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]bool{}
	for range 1000 {
		u := newUID(rng)
		if !uuidRE.MatchString(u) {
			t.Fatalf("newUID() = %q, not a version 4 UUID", u)
		}
		if seen[u] {
			t.Fatalf("newUID() repeated %q", u)
		}
		seen[u] = true
	}
}

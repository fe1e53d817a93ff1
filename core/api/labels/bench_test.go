package labels

import "testing"

const benchSelector = "app=web,tier!=db,env in (prod,qa,staging),!canary,app.kubernetes.io/version>3"

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(benchSelector); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMatches(b *testing.B) {
	sel, err := Parse(benchSelector)
	if err != nil {
		b.Fatal(err)
	}
	ls := Set{"app": "web", "tier": "fe", "env": "qa", "app.kubernetes.io/version": "4", "pod-template-hash": "66b6c48dd5"}
	b.ReportAllocs()
	for b.Loop() {
		if !sel.Matches(ls) {
			b.Fatal("expected a match")
		}
	}
}

// BenchmarkMatchesFromSet is the controllers' hot path: a Deployment's
// matchLabels against every pod.
func BenchmarkMatchesFromSet(b *testing.B) {
	sel := SelectorFromSet(Set{"app": "web", "pod-template-hash": "66b6c48dd5"})
	ls := Set{"app": "web", "tier": "fe", "pod-template-hash": "66b6c48dd5"}
	b.ReportAllocs()
	for b.Loop() {
		if !sel.Matches(ls) {
			b.Fatal("expected a match")
		}
	}
}

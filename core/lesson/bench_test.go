package lesson

import (
	"os"
	"testing"

	"github.com/kubeplay/kubeplay/core/scenario"
)

// BenchmarkEvalStep measures what the page pays after every command and
// tick: evaluating one step's checks (here the rolling update's last step,
// four checks of which three read the Events) on the cluster at the end of
// the lesson.
func BenchmarkEvalStep(b *testing.B) {
	data, err := os.ReadFile("../../assets/lessons/rolling-update.txtar")
	if err != nil {
		b.Fatal(err)
	}
	l, err := Parse("rolling-update.txtar", data)
	if err != nil {
		b.Fatal(err)
	}
	r, err := scenario.NewRunner(l.Reference(), scenario.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for !r.Done() {
		if _, err := r.Next(); err != nil {
			b.Fatal(err)
		}
	}
	checks := l.Steps[len(l.Steps)-1].Checks
	b.ResetTimer()
	for b.Loop() {
		for _, st := range EvalAll(checks, r.Sim()) {
			if !st.Met {
				b.Fatalf("%s: %s", st.Check, st.Reason)
			}
		}
	}
}

package session

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// longHistory is a session with a 15,000-tick timeline: a Deployment of
// three replicas rolled to a new image every 500 ticks, and a scale now and
// then, so the past differs from the present.
var longHistory = sync.OnceValues(func() (*Session, error) {
	s, err := New(1)
	if err != nil {
		return nil, err
	}
	s.Apply(webYAML)
	for i := range 30 {
		s.Run("kubectl set image deployment/web nginx=nginx:1." + string(rune('0'+i%10)))
		if i%5 == 0 {
			s.Run("kubectl scale deployment/web --replicas=" + string(rune('2'+i%4)))
		}
		s.Tick(500)
	}
	return s, nil
})

func history15000(b *testing.B) *Session {
	b.Helper()
	s, err := longHistory()
	if err != nil {
		b.Fatal(err)
	}
	if s.Head() != 15000 {
		b.Fatalf("head %d", s.Head())
	}
	return s
}

// The time-travel operations at random ticks of a 15,000-tick history.
// Issue 12 asks for at most 50 ms each; a view the history keeps is
// immediate, any other tick replays the log from tick 0.
func BenchmarkTimeTravel15000(b *testing.B) {
	s := history15000(b)
	for _, bc := range []struct {
		name string
		op   func(s *Session, tick int64)
	}{
		{"jump+view", func(s *Session, t int64) { s.Jump(t); s.View() }},
		{"back+view", func(s *Session, t int64) { s.Jump(t); s.View(); s.Back(); s.View() }},
		{"read-only command", func(s *Session, t int64) { s.Jump(t); s.Run("kubectl get pods") }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			for range b.N {
				bc.op(s, 1+r.Int64N(s.Head()-1))
			}
			s.Jump(s.Head())
		})
	}
}

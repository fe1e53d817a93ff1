package cluster

import (
	"slices"
	"testing"

	"github.com/kubeplay/kubeplay/core/controller"
)

func TestSameSeedSameStream(t *testing.T) {
	a, b, other := New(42), New(42), New(43)
	same, differ := true, false
	for range 100 {
		x, y, z := a.Rand.Uint64(), b.Rand.Uint64(), other.Rand.Uint64()
		same = same && x == y
		differ = differ || x != z
	}
	if !same {
		t.Error("two clusters with seed 42 drew different numbers")
	}
	if !differ {
		t.Error("seeds 42 and 43 drew identical streams")
	}
}

// recorder is a controller that logs what it syncs and, the first time it
// syncs a key listed in fanOut, queues keys in other controllers' queues.
type recorder struct {
	name   string
	q      *controller.Queue
	log    *[]string
	fanOut map[string]func()
}

func (r *recorder) Name() string             { return r.name }
func (r *recorder) Queue() *controller.Queue { return r.q }
func (r *recorder) MaxRetries() int          { return 0 }
func (r *recorder) Sync(key string, _ *controller.Decisions) error {
	*r.log = append(*r.log, r.name+"/"+key)
	if f := r.fanOut[key]; f != nil {
		delete(r.fanOut, key)
		f()
	}
	return nil
}

// A burst of work in one controller that keeps poking another controller's
// key runs to the end before that key syncs, once: the scheduler's
// bindings and the ReplicaSet's resync in a real cluster.
func TestStepRunsLongestWaitingKeyFirst(t *testing.T) {
	c := New(1)
	var log []string
	rs := &recorder{name: "rs", q: c.Context.NewQueue(), log: &log}
	sched := &recorder{name: "sched", q: c.Context.NewQueue(), log: &log}
	rs.fanOut = map[string]func(){"web": func() {
		for _, p := range []string{"p1", "p2", "p3"} {
			sched.q.Add(p)
		}
	}}
	poke := func() { rs.q.Add("web") }
	sched.fanOut = map[string]func(){"p1": poke, "p2": poke, "p3": poke}
	c.Add(rs, sched) // registration order must not matter
	rs.q.Add("web")
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	want := []string{"rs/web", "sched/p1", "sched/p2", "sched/p3", "rs/web"}
	if !slices.Equal(log, want) {
		t.Fatalf("steps ran %v, want %v", log, want)
	}
}

package cluster

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/controller"
)

// looper is a controller that queues itself again every time it syncs, for
// as many syncs as it has left (forever when left < 0).
type looper struct {
	q     *controller.Queue
	left  int
	syncs int
}

func (l *looper) Name() string             { return "looper" }
func (l *looper) Queue() *controller.Queue { return l.q }
func (l *looper) MaxRetries() int          { return 0 }
func (l *looper) Sync(key string, _ *controller.Decisions) error {
	l.syncs++
	if l.left != 0 {
		l.left--
		l.q.Add(fmt.Sprintf("k%d", l.syncs))
	}
	return nil
}

// Work beyond one second's budget waits for the next Settle or Tick.
func TestSettleStopsAtTheBudgetAndCarriesOn(t *testing.T) {
	c := New(1)
	l := &looper{q: c.Context.NewQueue(), left: StepBudget + 10}
	c.Add(l)
	l.q.Add("k0")
	steps, err := c.Settle()
	if err != nil || len(steps) != StepBudget || !c.Busy() {
		t.Fatalf("first Settle: %d steps, busy %v, %v", len(steps), c.Busy(), err)
	}
	if steps, err = c.Settle(); err != nil || len(steps) != 11 || c.Busy() {
		t.Fatalf("second Settle: %d steps, busy %v, %v", len(steps), c.Busy(), err)
	}
}

// A controller that never stops requeueing makes Tick fail after
// MaxBusyTicks ticks, each bounded by the budget, instead of running on.
func TestTickReportsControllersThatCannotSettle(t *testing.T) {
	c := New(1)
	l := &looper{q: c.Context.NewQueue(), left: -1}
	c.Add(l)
	l.q.Add("k0")
	var err error
	ticks := 0
	for err == nil && ticks < 2*MaxBusyTicks {
		var steps []StepResult
		steps, err = c.Tick()
		if len(steps) > StepBudget {
			t.Fatalf("tick %d ran %d steps", ticks, len(steps))
		}
		ticks++
	}
	if ticks != MaxBusyTicks || err == nil || !strings.Contains(err.Error(), "controllers did not settle") {
		t.Fatalf("after %d ticks: %v", ticks, err)
	}
	if l.syncs != MaxBusyTicks*StepBudget {
		t.Errorf("%d syncs, want %d", l.syncs, MaxBusyTicks*StepBudget)
	}
}

// Package cluster wires the simulated cluster together: the API server, the
// informers, the controllers and the time-driven actors (kubelets, node
// lifecycle). It owns the virtual clock and the seeded random source every
// other actor draws from, so that (scenario, seed, tick) fully determines what
// the cluster looks like.
package cluster

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// DefaultSeed is used when a scenario does not choose one.
const DefaultSeed uint64 = 1

// TickDuration is one tick of simulated time.
const TickDuration = time.Second

// StepBudget bounds the reconciles of one simulated second: one Tick, or
// one Settle after a command. A real controller manager does not create
// 100,000 pods in an instant either; here the work left over waits in the
// queues for the next second, so a huge Deployment grows over some ticks
// while every call into the core stays short (10,000 steps take about a
// second natively with 10,000 pods, more in the browser). A Deployment of
// 5,000 pods, about two steps each (scheduling and the taint manager's
// look), still appears within one command.
const StepBudget = 2_000

// MaxBusyTicks is how many ticks in a row the controllers may end with work
// still queued before Tick reports that they cannot settle: a controller
// that requeues itself forever, or work no budget will finish, is an error
// the learner sees, not a page that grinds on.
const MaxBusyTicks = 600

// NewRand returns the deterministic random source for a seed. PCG is fast,
// small to snapshot, and its stream is stable across Go releases.
func NewRand(seed uint64) *rand.Rand {
	// The second PCG word is a fixed odd constant so seed 0 is as good as any.
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// Actor is a time-driven participant: something that acts because time
// passed (a kubelet's probes and back-offs, lease renewals), not because an
// object changed.
type Actor interface {
	Name() string
	// Tick acts at the current virtual time, writing through the API server.
	Tick()
}

// Cluster is the whole simulated cluster.
type Cluster struct {
	Clock     *clock.Clock
	Rand      *rand.Rand
	API       *apiserver.Server
	Informers *controller.Informers
	Context   *controller.Context

	seed uint64
	tick int64
	// busy counts the ticks in a row that ended with work still queued.
	busy        int
	controllers []controller.Controller
	actors      []Actor
}

// New returns a cluster at the epoch with an API server and informers but
// no controllers or actors yet; see Add and AddActor.
func New(seed uint64) *Cluster {
	c := &Cluster{Clock: clock.New(clock.Epoch), Rand: NewRand(seed), seed: seed}
	c.API = apiserver.New(c.Clock, c.Rand)
	var kinds []*api.KindInfo
	for _, k := range api.Kinds() {
		if k.Kind != "Event" { // no controller reads events
			kinds = append(kinds, k)
		}
	}
	c.Informers = controller.NewInformers(c.API, kinds...)
	c.Context = controller.NewContext(c.API, c.Informers, c.Clock)
	return c
}

// Seed returns the seed the cluster was created with.
func (c *Cluster) Seed() uint64 { return c.seed }

// CurrentTick is how many ticks have passed since the epoch.
func (c *Cluster) CurrentTick() int64 { return c.tick }

// Add registers controllers; the order breaks no ties (see Step), but it is
// the order in which their parked keys become ready within one step.
func (c *Cluster) Add(cs ...controller.Controller) { c.controllers = append(c.controllers, cs...) }

// Remove unregisters controllers (their process exited): their queued and
// parked keys are dropped with them.
func (c *Cluster) Remove(cs ...controller.Controller) {
	c.controllers = slices.DeleteFunc(c.controllers, func(x controller.Controller) bool { return slices.Contains(cs, x) })
}

// AddActor registers time-driven actors; Tick runs them in the order added.
func (c *Cluster) AddActor(as ...Actor) { c.actors = append(c.actors, as...) }

// StepResult says what one Step did.
type StepResult struct {
	Tick       int64
	Controller string
	Key        string
	Decisions  []controller.Decision
	Err        error
}

// Step runs exactly one work item: of all the keys ready in the
// controllers' queues, the one that became ready first. In a real cluster
// every controller's workers run at once and react within milliseconds;
// running the longest-waiting key first is the single-threaded schedule
// closest to that, and, as there, the events that reach a queued key while
// other work runs coalesce into one sync (a ReplicaSet syncs once for a
// burst of pod bindings, not once per binding). It reports false when every
// queue is empty.
func (c *Cluster) Step() (StepResult, bool) {
	c.Informers.Pump()
	var ctl controller.Controller
	var first uint64
	for _, x := range c.controllers {
		if t, ok := x.Queue().Head(); ok && (ctl == nil || t < first) && !throttled(x) {
			ctl, first = x, t
		}
	}
	if ctl == nil {
		return StepResult{}, false
	}
	q := ctl.Queue()
	key, _ := q.Get()
	ds := &controller.Decisions{Controller: ctl.Name(), Object: key}
	cu, limited := ctl.(controller.ClientUser)
	if limited {
		cu.Client().BeginSync()
	}
	err := ctl.Sync(key, ds)
	if limited {
		cu.Client().EndSync(ds)
	}
	switch {
	case err == nil:
		q.Forget(key)
	case ctl.MaxRetries() == 0 || q.NumRequeues(key) < ctl.MaxRetries():
		q.AddRateLimited(key)
	default:
		q.Forget(key) // dropped, as handleErr does after maxRetries
	}
	c.Informers.Pump()
	res := StepResult{Tick: c.tick, Controller: ctl.Name(), Key: key, Decisions: ds.List(), Err: err}
	for i := range res.Decisions {
		res.Decisions[i].Tick = c.tick
	}
	return res, true
}

// Settle runs Step until every queue is empty, or StepBudget steps have
// run, and returns what each step did. Work the budget did not reach stays
// queued: the next Settle or Tick carries on with it.
func (c *Cluster) Settle() ([]StepResult, error) { return c.settle(StepBudget), nil }

// settle runs at most budget steps.
func (c *Cluster) settle(budget int) []StepResult {
	var steps []StepResult
	for range budget {
		r, ok := c.Step()
		if !ok {
			break
		}
		steps = append(steps, r)
	}
	return steps
}

// throttled reports whether x's API client would make its next request
// wait beyond this tick: every worker of a real controller would sit in
// tokenBucketRateLimiter.Wait, so none of its queued keys runs until the
// tick at which the token is due; the keys stay queued (and coalesce).
func throttled(x controller.Controller) bool {
	cu, ok := x.(controller.ClientUser)
	if !ok {
		return false
	}
	_, blocked := cu.Client().Blocked()
	return blocked
}

// Busy reports whether work is still queued.
func (c *Cluster) Busy() bool {
	c.Informers.Pump()
	for _, x := range c.controllers {
		if _, ok := x.Queue().Head(); ok {
			return true
		}
	}
	return false
}

// stuck reports whether work is queued that a step could run now: work
// held back by a controller's rate-limited client waits for the clock,
// like a parked key, and does not count towards MaxBusyTicks (a
// 100,000-replica Deployment at 20 requests a second takes longer than
// MaxBusyTicks ticks, and makes progress every one of them).
func (c *Cluster) stuck() bool {
	c.Informers.Pump()
	for _, x := range c.controllers {
		if _, ok := x.Queue().Head(); ok && !throttled(x) {
			return true
		}
	}
	return false
}

// Tick advances the virtual clock one second, lets every actor act, and then
// runs the controllers until every queue is empty, within one StepBudget
// for the whole second. Work still queued from before (what a kubectl
// command set off, or what steps did not reach) is done first, at the time
// it arose: a real cluster's controllers would have done it within
// milliseconds. After MaxBusyTicks ticks in a row that end with work left,
// Tick fails: the controllers cannot settle.
func (c *Cluster) Tick() ([]StepResult, error) {
	pending := c.settle(StepBudget)
	c.Clock.Advance(TickDuration)
	c.tick++
	c.Informers.Pump() // actors read caches too: let them see every earlier write
	for _, a := range c.actors {
		a.Tick()
		c.Informers.Pump()
	}
	steps := append(pending, c.settle(StepBudget-len(pending))...)
	if !c.stuck() {
		c.busy = 0
		return steps, nil
	}
	if c.busy++; c.busy >= MaxBusyTicks {
		c.busy = 0
		return steps, fmt.Errorf("controllers did not settle: work was still queued after each of the last %d ticks (%d reconciles a tick at most), at tick %d",
			MaxBusyTicks, StepBudget, c.tick)
	}
	return steps, nil
}

// Package leaderelection models client-go's tools/leaderelection with a
// Lease lock (resourcelock/leaselock.go), as kube-controller-manager and
// kube-scheduler run it: a candidate tries to acquire a Lease in kube-system
// every RetryPeriod (jittered), and, once it holds it, renews it every
// RetryPeriod; another candidate takes it over only when the Lease has not
// changed for LeaseDuration as that candidate observed it.
//
// The elector is a controller.Controller with one key, its Lease, so its
// attempts run as work items on the virtual clock like every other loop, and
// what it decided (held by whom, valid until when) is a decision record the
// Why? pane and --explain show. Successful renewals record nothing.
package leaderelection

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// The component-base defaults (RecommendedDefaultLeaderElectionConfiguration)
// that kube-controller-manager and kube-scheduler run with.
const (
	DefaultLeaseDuration = 15 * time.Second
	DefaultRenewDeadline = 10 * time.Second
	DefaultRetryPeriod   = 2 * time.Second
	// JitterFactor is leaderelection.JitterFactor: acquire retries wait
	// RetryPeriod plus up to 1.2 RetryPeriod more.
	JitterFactor = 1.2
)

// Event reason and messages (LeaseLock.RecordEvent: "<identity> <s>").
const (
	ReasonLeaderElection = "LeaderElection"
	becameLeader         = "became leader"
	stoppedLeading       = "stopped leading"
)

// Config is LeaderElectionConfig with a LeaseLock.
type Config struct {
	// Namespace and Name are the Lease (LeaseMeta).
	Namespace, Name string
	// Identity is the candidate's holderIdentity (LockConfig.Identity).
	Identity      string
	LeaseDuration time.Duration
	RenewDeadline time.Duration
	RetryPeriod   time.Duration
	// ReleaseOnCancel: a stopped leader gives the Lease up (kube-scheduler
	// sets it; kube-controller-manager only behind an alpha gate).
	ReleaseOnCancel bool
	// Recorder records the LeaderElection events (LockConfig.EventRecorder).
	Recorder *controller.Recorder
	// Rand draws the acquire jitter (wait.Jitter's rand.Float64).
	Rand *rand.Rand
	// OnStartedLeading and OnStoppedLeading are the callbacks.
	OnStartedLeading func()
	OnStoppedLeading func()
}

// Elector is a LeaderElector: its state is what it observed of the Lease.
type Elector struct {
	cfg   Config
	ctx   *controller.Context
	queue *controller.Queue
	key   string

	// observedRecord, observedRaw and observedTime are the elector's view
	// (setObservedRecord): the spec it last saw, and when it last saw it
	// change, by its own clock.
	observedRecord api.LeaseSpec
	observedRaw    string
	observedTime   time.Time
	// lease is the lock's last read or written object (LeaseLock.lease),
	// for the leader's optimistic update.
	lease   *api.Lease
	leading bool
	// renewFailingSince is when the current renew poll began failing; the
	// leader gives up after RenewDeadline (PollUntilContextTimeout).
	renewFailingSince time.Time
	stopped           bool
}

// New returns an elector that makes its first attempt at once (acquire's
// JitterUntil runs immediately).
func New(ctx *controller.Context, cfg Config) *Elector {
	e := &Elector{cfg: cfg, ctx: ctx, queue: ctx.NewQueue(), key: cfg.Namespace + "/" + cfg.Name}
	e.queue.Add(e.key)
	return e
}

// Name implements controller.Controller: the Lease's name is the
// component's ("kube-controller-manager").
func (e *Elector) Name() string { return e.cfg.Name }

// Queue implements controller.Controller.
func (e *Elector) Queue() *controller.Queue { return e.queue }

// MaxRetries implements controller.Controller.
func (e *Elector) MaxRetries() int { return 0 }

// IsLeader is IsLeader: the last observed holder is this candidate.
func (e *Elector) IsLeader() bool { return e.leading }

// Identity is the candidate's holderIdentity.
func (e *Elector) Identity() string { return e.cfg.Identity }

// Observed is the Lease as the elector last saw it and when it saw it
// change: the holder and the time it becomes free for this candidate.
func (e *Elector) Observed() (holder string, validUntil time.Time) {
	if e.observedRecord.HolderIdentity != nil {
		holder = *e.observedRecord.HolderIdentity
	}
	return holder, e.observedTime.Add(e.leaseDuration())
}

// Stop ends the elector: its process exits. With ReleaseOnCancel (the
// process cancels its context on SIGTERM) a leader records "stopped
// leading" (renew's defer) and releases the Lease (release: holderIdentity
// cleared, leaseDurationSeconds 1); without it the process dies holding
// the Lease, which others can take only once it expires.
func (e *Elector) Stop() {
	if e.stopped {
		return
	}
	e.stopped = true
	if e.leading && e.cfg.ReleaseOnCancel {
		e.recordEvent(stoppedLeading)
		e.release()
	}
	e.leading = false
}

// TryNow runs the elector's first attempt at once, outside the work
// queues: a component started with the cluster acquires its Lease before
// anything else runs.
func (e *Elector) TryNow() []controller.Decision {
	if _, ok := e.queue.Get(); !ok {
		return nil
	}
	ds := &controller.Decisions{Controller: e.Name(), Object: e.key}
	_ = e.Sync(e.key, ds)
	return ds.List()
}

// Sync implements controller.Controller: one run of acquire's or renew's
// loop body, then the next one scheduled.
func (e *Elector) Sync(key string, ds *controller.Decisions) error {
	if e.stopped {
		return nil
	}
	now := e.ctx.Clock.Now()
	if !e.leading {
		// acquire: wait.JitterUntil(tryAcquireOrRenew, RetryPeriod, 1.2, sliding).
		if e.tryAcquireOrRenew(now) {
			e.leading = true
			e.recordEvent(becameLeader)
			ds.Add("LeaderElector.acquire", "", fmt.Sprintf("%s acquired lease %s", e.cfg.Identity, e.key),
				controller.Input{Name: "leaseDuration", Value: e.cfg.LeaseDuration.String()}).
				Say("leaderelection.acquired", controller.Name("identity", e.cfg.Identity), controller.Name("lease", e.key), controller.Duration("leaseDuration", e.cfg.LeaseDuration))
			if e.cfg.OnStartedLeading != nil {
				e.cfg.OnStartedLeading()
			}
			// renew: wait.Until runs its first poll at once, and that poll's
			// first try (immediate) updates the Lease again.
			return e.renew(now, ds)
		}
		holder, until := e.Observed()
		wait := e.jittered()
		ds.Add("LeaderElector.tryAcquireOrRenew",
			fmt.Sprintf("held by %s, unchanged since %s as observed: valid until %s + %s = %s",
				holder, clockTime(e.observedTime), clockTime(e.observedTime), e.leaseDuration(), clockTime(until)),
			fmt.Sprintf("not leader; retry in %s", wait),
			controller.Input{Name: "holderIdentity", Value: holder},
			controller.Input{Name: "observedTime", Value: clockTime(e.observedTime)}).
			Say("leaderelection.heldByOther", controller.Name("holder", holder), controller.Duration("leaseDuration", e.leaseDuration()), controller.Duration("after", wait))
		e.queue.AddAfter(key, wait)
		return nil
	}
	return e.renew(now, ds)
}

// renew is one poll of renew's loop: try to renew; on success the next
// renewal is RetryPeriod later; on failure retry every RetryPeriod until
// RenewDeadline has passed, then stop leading.
func (e *Elector) renew(now time.Time, ds *controller.Decisions) error {
	if e.tryAcquireOrRenew(now) {
		e.renewFailingSince = time.Time{}
		e.queue.AddAfter(e.key, e.cfg.RetryPeriod)
		return nil
	}
	if e.renewFailingSince.IsZero() {
		e.renewFailingSince = now
	}
	if now.Sub(e.renewFailingSince) < e.cfg.RenewDeadline {
		e.queue.AddAfter(e.key, e.cfg.RetryPeriod)
		return nil
	}
	holder, _ := e.Observed()
	ds.Add("LeaderElector.renew", fmt.Sprintf("no renewal for %s ≥ renewDeadline %s", now.Sub(e.renewFailingSince), e.cfg.RenewDeadline),
		"leader election lost; held by "+holder).
		Say("leaderelection.lost", controller.Name("identity", e.cfg.Identity), controller.Duration("renewDeadline", e.cfg.RenewDeadline))
	e.recordEvent(stoppedLeading)
	e.leading, e.stopped = false, true
	if e.cfg.OnStoppedLeading != nil {
		e.cfg.OnStoppedLeading()
	}
	return nil
}

// tryAcquireOrRenew models LeaderElector.tryAcquireOrRenew.
func (e *Elector) tryAcquireOrRenew(now time.Time) bool {
	record := api.LeaseSpec{
		HolderIdentity:       ptr(e.cfg.Identity),
		LeaseDurationSeconds: ptr(int32(e.cfg.LeaseDuration / time.Second)),
		AcquireTime:          microTime(now),
		RenewTime:            microTime(now),
	}
	// 1. The leader's fast path: update the object it last wrote.
	if e.leading && e.isLeaseValid(now) && e.lease != nil {
		record.AcquireTime = e.observedRecord.AcquireTime
		record.LeaseTransitions = e.observedRecord.LeaseTransitions
		if e.update(record) == nil {
			e.setObservedRecord(record, now)
			return true
		}
	}
	// 2. Get, or create.
	lease, err := apiserver.GetAs[*api.Lease](e.ctx.Server, e.cfg.Namespace, e.cfg.Name)
	if err != nil {
		if !apiserver.IsNotFound(err) {
			return false
		}
		record.LeaseTransitions = ptr(int32(0))
		l := &api.Lease{ObjectMeta: api.ObjectMeta{Namespace: e.cfg.Namespace, Name: e.cfg.Name}, Spec: record}
		obj, err := e.ctx.Server.Create(l)
		if err != nil {
			return false
		}
		e.lease = obj.(*api.Lease)
		e.setObservedRecord(record, now)
		return true
	}
	e.lease = lease
	// 3. A changed record restarts the observed clock.
	if raw := rawRecord(lease.Spec); raw != e.observedRaw {
		e.setObservedRecord(lease.Spec, now)
		e.observedRaw = raw
	}
	holder := ""
	if lease.Spec.HolderIdentity != nil {
		holder = *lease.Spec.HolderIdentity
	}
	e.leading = holder == e.cfg.Identity
	if holder != "" && e.isLeaseValid(now) && !e.leading {
		return false
	}
	// 4. Take it over (or renew through the slow path).
	if e.leading {
		record.AcquireTime = lease.Spec.AcquireTime
		record.LeaseTransitions = lease.Spec.LeaseTransitions
	} else {
		n := int32(0)
		if lease.Spec.LeaseTransitions != nil {
			n = *lease.Spec.LeaseTransitions
		}
		record.LeaseTransitions = ptr(n + 1)
	}
	if e.update(record) != nil {
		return false
	}
	e.setObservedRecord(record, now)
	return true
}

// update is LeaseLock.Update: the last object with the new spec.
func (e *Elector) update(spec api.LeaseSpec) error {
	l := api.DeepCopy(e.lease)
	l.Spec = spec
	obj, err := e.ctx.Server.Update(l)
	if err != nil {
		return err
	}
	e.lease = obj.(*api.Lease)
	return nil
}

// release is LeaderElector.release: an empty holder with a one-second
// lease, so the next candidate takes it at its next try.
func (e *Elector) release() {
	if e.lease == nil {
		return
	}
	now := e.ctx.Clock.Now()
	_ = e.update(api.LeaseSpec{
		HolderIdentity:       ptr(""),
		LeaseDurationSeconds: ptr(int32(1)),
		AcquireTime:          microTime(now),
		RenewTime:            microTime(now),
		LeaseTransitions:     e.observedRecord.LeaseTransitions,
	})
}

// setObservedRecord is setObservedRecord: the spec, and now as the time it
// was seen.
func (e *Elector) setObservedRecord(spec api.LeaseSpec, now time.Time) {
	e.observedRecord = spec
	e.observedRaw = rawRecord(spec)
	e.observedTime = now
	e.leading = spec.HolderIdentity != nil && *spec.HolderIdentity == e.cfg.Identity
}

// isLeaseValid is isLeaseValid: observedTime + the observed duration is
// after now. The candidate's own clock decides, not renewTime.
func (e *Elector) isLeaseValid(now time.Time) bool {
	return e.observedTime.Add(e.leaseDuration()).After(now)
}

func (e *Elector) leaseDuration() time.Duration {
	if d := e.observedRecord.LeaseDurationSeconds; d != nil {
		return time.Duration(*d) * time.Second
	}
	return 0
}

// jittered is wait.Jitter(RetryPeriod, JitterFactor) rounded up to the
// tick: the cluster's clock moves in whole seconds, so the next try runs at
// the first tick at or after its due time.
func (e *Elector) jittered() time.Duration {
	d := e.cfg.RetryPeriod + time.Duration(e.cfg.Rand.Float64()*JitterFactor*float64(e.cfg.RetryPeriod))
	return (d + time.Second - 1).Truncate(time.Second)
}

// recordEvent is LeaseLock.RecordEvent: a Normal LeaderElection event on
// the Lease, "<identity> <s>".
func (e *Elector) recordEvent(s string) {
	if e.cfg.Recorder == nil || e.lease == nil {
		return
	}
	subject := &api.Lease{ObjectMeta: e.lease.ObjectMeta}
	e.cfg.Recorder.Eventf(subject, api.EventTypeNormal, ReasonLeaderElection, "%s %s", e.cfg.Identity, s)
}

// rawRecord is the lock's raw record: the spec as JSON, compared bytewise.
func rawRecord(spec api.LeaseSpec) string {
	b, _ := json.Marshal(spec)
	return string(b)
}

// clockTime names a time as the tick it falls in ("t=17").
func clockTime(t time.Time) string {
	return fmt.Sprintf("t=%d", int64(t.Sub(clock.Epoch)/time.Second))
}

func microTime(t time.Time) *api.MicroTime { return &api.MicroTime{Time: api.NewTime(t)} }

func ptr[T any](v T) *T { return &v }

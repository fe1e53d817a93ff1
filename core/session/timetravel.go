package session

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/kubectl"
)

// Time travel in bounded time. What a view or a read-only kubectl command
// needs at a past tick is the API server's state at that tick (its
// objects, their resource versions, the clock), not the controllers', the
// kubelets' or the random source's; a view adds the tick's decision
// records, the replica chart and the controller manager's state, which the
// ledger keeps per tick. So the session follows the head world's API server
// with a ledger: a snapshot of its store every SnapshotEvery ticks (the
// stored objects are frozen, so a snapshot shares them and costs a pointer
// per object), every write since the first snapshot (a shared watch: the
// same frozen objects again), and for each tick the resource version the
// cluster had reached at the moments that matter. The store at a past tick
// is then the nearest snapshot before it plus at most SnapshotEvery ticks
// of writes, served by a read-only apiserver (apiserver.Snapshot.Past).
//
// Anything that needs more than the API server at that tick (a command
// that lets time pass, writes, even as a dry run, or asks a kubelet, such
// as kubectl diff or exec) is found out when the past server refuses it,
// and runs again on a world replayed from tick 0, as before: that path is
// not bounded in time.

// DefaultSnapshotEvery is the snapshot interval when HistoryLimits leaves
// it zero.
const DefaultSnapshotEvery = 100

// DefaultLedgerWrites is the ledger's cap when HistoryLimits leaves it
// zero: 150-300 MB of object versions, as measured.
const DefaultLedgerWrites = 100_000

// ledger follows one world's API server.
type ledger struct {
	every int64
	limit int // the writes kept at most (LedgerWrites)
	watch *apiserver.Watcher
	// writes are every write since the first snapshot, in order.
	writes []apiserver.Event
	snaps  []ledgerSnap // by tick
	// from is the first tick marked; settled[t-from] is the version a
	// command run at tick t reads: the store once the controllers have
	// finished the work pending at t, which the cluster reaches just
	// before it leaves t (0: not known yet).
	from    int64
	start   time.Time // the virtual time at from
	settled []uint64
	// views[t-from] is what the view of tick t was made of: the version
	// the store had then, and what the store does not hold.
	views []viewMark
	// left[t-from] are the chart's points of tick t as the world left it
	// (nil: not passed), for the charts of later ticks. Points are shared
	// with the tick before when equal, so a steady cluster costs a slice
	// header a tick; rsIDs and rsNames intern the ReplicaSets they name.
	left    [][]rsPoint
	last    []rsPoint
	rsIDs   map[string]int32
	rsNames []rsIdentity
}

// viewMark is what the view of one tick needs besides the store.
type viewMark struct {
	rv        uint64
	decisions []*Decision
	omitted   int
	points    []rsPoint // the chart's points of the tick itself
	cm        *ControllerManager
}

// viewKinds are the kinds a view reads from the informer caches.
var viewKinds = []*api.KindInfo{kindPod, kindReplicaSet, kindDeployment, kindNode, kindService, kindEndpointSlice,
	useKinds["configmap"], useKinds["secret"], useKinds["persistentvolumeclaim"]}

type ledgerSnap struct {
	tick int64
	snap *apiserver.Snapshot
}

// newLedger starts following w's API server at its current tick.
func newLedger(w *world, lim HistoryLimits) *ledger {
	every, limit := lim.SnapshotEvery, lim.LedgerWrites
	if every <= 0 {
		every = DefaultSnapshotEvery
	}
	if limit <= 0 {
		limit = DefaultLedgerWrites
	}
	l := &ledger{every: every, limit: limit, from: w.tick(), start: w.sim.Now()}
	l.follow(w)
	l.snaps = []ledgerSnap{{tick: w.tick(), snap: w.sim.API.Snapshot()}}
	return l
}

// follow watches w's server from its current version.
func (l *ledger) follow(w *world) {
	if l.watch != nil {
		l.watch.Stop()
	}
	l.watch, _ = w.sim.API.Watch(apiserver.WatchOptions{Shared: true})
}

// sync reads the writes since the last sync; it returns the version
// reached.
func (l *ledger) sync() uint64 {
	if l.watch == nil {
		return 0
	}
	for {
		e, ok := l.watch.Next()
		if !ok {
			break
		}
		if e.Type == apiserver.Error {
			// Cannot happen: the ledger reads at every tick, well within
			// the watch log's backlog. Stop following rather than lie.
			l.watch.Stop()
			l.watch = nil
			return 0
		}
		l.writes = append(l.writes, e)
	}
	rv, _ := strconv.ParseUint(l.watch.ResourceVersion(), 10, 64)
	return rv
}

// leaving notes that w is about to leave its current tick: the version a
// command at that tick reads. Every SnapshotEvery ticks it also takes a
// snapshot.
func (l *ledger) leaving(w *world) {
	t := w.tick()
	rv := l.sync()
	if rv == 0 || t < l.from {
		return
	}
	for int64(len(l.settled)) <= t-l.from {
		l.settled = append(l.settled, 0)
	}
	l.settled[t-l.from] = rv
	for int64(len(l.left)) <= t-l.from {
		l.left = append(l.left, nil)
	}
	l.left[t-l.from] = l.points(w)
	last := l.snaps[len(l.snaps)-1]
	if last.tick < t && (t%l.every == 0 || l.since(last) > max(last.snap.Objects()/8, minSnapshotWrites)) {
		l.snaps = append(l.snaps, ledgerSnap{tick: t, snap: w.sim.API.Snapshot()})
		for len(l.writes) > l.limit && len(l.snaps) > 1 {
			l.dropOldest()
		}
	}
}

// dropOldest forgets the oldest snapshot and the writes up to the next:
// the ledger then begins at the next snapshot's tick. The slices are
// copied so that what they dropped can be collected.
func (l *ledger) dropOldest() {
	next := l.snaps[1]
	k := next.tick - l.from
	l.writes = slices.Clone(l.writes[l.writeIndex(next.snap.ResourceVersion()+1):])
	l.snaps = slices.Clone(l.snaps[1:])
	l.settled = slices.Clone(l.settled[min(k, int64(len(l.settled))):])
	l.views = slices.Clone(l.views[min(k, int64(len(l.views))):])
	l.left = slices.Clone(l.left[min(k, int64(len(l.left))):])
	l.start = l.start.Add(time.Duration(k) * cluster.TickDuration)
	l.from = next.tick
}

// minSnapshotWrites: below this many writes since the last snapshot, only
// the interval calls for a new one.
const minSnapshotWrites = 1000

// since counts the writes after snapshot sn.
func (l *ledger) since(sn ledgerSnap) int {
	return len(l.writes) - l.writeIndex(sn.snap.ResourceVersion()+1)
}

// writeIndex is the index of the first write at or after version rv.
func (l *ledger) writeIndex(rv uint64) int {
	i, _ := slices.BinarySearchFunc(l.writes, rv, func(e apiserver.Event, rv uint64) int {
		return cmp.Compare(e.ResourceVersion, rv)
	})
	return i
}

// viewed notes the view of w's current tick: v if one was just built from
// w, else what one would be made of. The last call for a tick wins, as the
// last view captured of it does.
func (l *ledger) viewed(w *world, v *View) {
	t := w.tick()
	rv := l.sync()
	if rv == 0 || t < l.from {
		return
	}
	m := viewMark{rv: rv}
	if v != nil {
		m.decisions, m.omitted, m.cm = v.Decisions, v.DecisionsOmitted, v.ControllerManager
	} else {
		w.events.sync()
		w.record()
		m.decisions, m.omitted = decisionsOf(w.sim.Decisions(t), t)
		m.cm = controllerManagerView(w.sim)
	}
	if n := len(l.views); n > 0 && l.views[n-1].cm != nil && *l.views[n-1].cm == *m.cm {
		m.cm = l.views[n-1].cm // views are immutable: share it
	}
	if m.points = l.points(w); m.points == nil {
		return
	}
	for int64(len(l.views)) <= t-l.from {
		l.views = append(l.views, viewMark{})
	}
	l.views[t-l.from] = m
}

// points returns the chart's points w recorded for its current tick, with
// the ledger's ids (nil if it recorded none).
func (l *ledger) points(w *world) []rsPoint {
	t := w.tick()
	slot := &w.series.ring[t%ChartTicks]
	if slot.tick != t {
		return nil
	}
	if l.rsIDs == nil {
		l.rsIDs = map[string]int32{}
	}
	out := make([]rsPoint, len(slot.points))
	for i, p := range slot.points {
		n := w.series.names[p.id]
		id, ok := l.rsIDs[n.key]
		if !ok {
			id = int32(len(l.rsNames))
			l.rsIDs[n.key] = id
			l.rsNames = append(l.rsNames, n)
		}
		p.id = id
		out[i] = p
	}
	if l.last != nil && slices.Equal(out, l.last) {
		return l.last
	}
	l.last = out
	return out
}

// chart is the replica chart of tick t, made as the world made it: from
// the points of the ticks before as it left them and of t as its view saw
// them. ok is false if the ledger began too late for it.
func (l *ledger) chart(t int64, points []rsPoint) (*Chart, bool) {
	from := t - ChartTicks + 1
	if l.from > 0 && from < l.from {
		return nil, false
	}
	s := &series{names: l.rsNames}
	for i := range s.ring {
		s.ring[i].tick = -1
	}
	for x := max(from, l.from); x < t; x++ {
		if i := x - l.from; i < int64(len(l.left)) && l.left[i] != nil {
			s.ring[x%ChartTicks] = tickPoints{tick: x, points: l.left[i]}
		}
	}
	s.ring[t%ChartTicks] = tickPoints{tick: t, points: points}
	return s.chart(t), true
}

// view builds the view of tick t from the store there; nil when the
// ledger does not know it.
func (l *ledger) view(t int64, seed uint64) *View {
	if l == nil || t < l.from || t-l.from >= int64(len(l.views)) || l.views[t-l.from].rv == 0 {
		return nil
	}
	m := l.views[t-l.from]
	chart, ok := l.chart(t, m.points)
	srv := l.at(m.rv, t)
	if srv == nil || !ok {
		return nil
	}
	srv.ShareLists() // the informers and the event log only read
	return newBuilder().buildFrom(viewSource{
		in:     controller.NewInformers(srv, viewKinds...),
		events: newEventLog(srv, 2*maxViewEvents),
		now:    srv.Now(), tick: t, seed: seed,
		decisions: m.decisions, omitted: m.omitted, chart: chart, cm: m.cm,
	})
}

// server returns a read-only API server showing the store a command at
// tick t reads, at tick t's time; nil when the ledger does not know it.
func (l *ledger) server(t int64) *apiserver.Server {
	if l == nil || t < l.from || t-l.from >= int64(len(l.settled)) || l.settled[t-l.from] == 0 {
		return nil
	}
	return l.at(l.settled[t-l.from], t)
}

// at is the store at version rv, at tick t's time, from the last snapshot
// at or before rv and the writes after it.
func (l *ledger) at(rv uint64, t int64) *apiserver.Server {
	i, found := slices.BinarySearchFunc(l.snaps, rv, func(s ledgerSnap, rv uint64) int {
		return cmp.Compare(s.snap.ResourceVersion(), rv)
	})
	if !found {
		i--
	}
	if i < 0 {
		return nil
	}
	sn := l.snaps[i]
	now := l.start.Add(time.Duration(t-l.from) * cluster.TickDuration)
	return sn.snap.Past(l.writes[l.writeIndex(sn.snap.ResourceVersion()+1):], rv, now)
}

// truncate forgets everything after tick c (the future a branch discarded)
// and follows w, the world replayed to c. If w's store is not the one the
// ledger saw at c (replay is deterministic, so it is), it starts afresh.
func (l *ledger) truncate(c int64, w *world) *ledger {
	if c < l.from {
		l.stop()
		return newLedger(w, HistoryLimits{SnapshotEvery: l.every, LedgerWrites: l.limit})
	}
	// c is the head again: no command has read it on the way out.
	l.settled = l.settled[:min(int64(len(l.settled)), c-l.from)]
	l.views = l.views[:min(int64(len(l.views)), c-l.from+1)]
	l.left = l.left[:min(int64(len(l.left)), c-l.from)]
	l.last = nil
	l.snaps = slices.DeleteFunc(l.snaps, func(s ledgerSnap) bool { return s.tick > c })
	rv, _ := strconv.ParseUint(w.sim.API.ResourceVersion(), 10, 64)
	l.writes = l.writes[:l.writeIndex(rv+1)]
	seen := uint64(0) // the last version the ledger knows
	if len(l.snaps) > 0 {
		seen = l.snaps[len(l.snaps)-1].snap.ResourceVersion()
	}
	if len(l.writes) > 0 {
		seen = max(seen, l.writes[len(l.writes)-1].ResourceVersion)
	}
	if len(l.snaps) == 0 || seen != rv {
		l.stop()
		return newLedger(w, HistoryLimits{SnapshotEvery: l.every, LedgerWrites: l.limit})
	}
	l.follow(w)
	return l
}

func (l *ledger) stop() {
	if l.watch != nil {
		l.watch.Stop()
		l.watch = nil
	}
}

// runOnPastServer runs a read-only kubectl command against the API server's
// store at the tick shown. It reports false when the ledger does not know
// that tick or the command needed more than the store (it wrote, let time
// pass, or asked a kubelet): the caller runs it on a replayed world then.
func (s *Session) runOnPastServer(e *Entry) (result, bool) {
	if s.pastSrv == nil || s.pastSrvAt != s.cursor {
		s.pastSrv, s.pastSrvAt = s.led.server(s.cursor), s.cursor
	}
	if s.pastSrv == nil {
		return result{}, false
	}
	c := &pastCluster{srv: s.pastSrv}
	refused := s.pastSrv.WritesRefused()
	r := kubectl.Run(c, e.Line, kubectl.Input{Files: s.files})
	if c.live || s.pastSrv.WritesRefused() != refused {
		return result{}, false
	}
	return result{stdout: r.Stdout, stderr: r.Stderr, output: r.Output, exit: r.ExitCode}, true
}

// pastCluster is what kubectl runs against at a past tick: the store only.
// Asking for anything else marks the command as one that needs a live
// cluster.
type pastCluster struct {
	srv  *apiserver.Server
	live bool
}

// errNeedsLive ends a command that needs a live cluster; its output is
// discarded.
var errNeedsLive = errors.New("this command needs a live cluster")

func (c *pastCluster) Server() *apiserver.Server { return c.srv }
func (c *pastCluster) Now() time.Time            { return c.srv.Now() }
func (c *pastCluster) Tick() error               { c.live = true; return errNeedsLive }

func (c *pastCluster) ContainerEnv(string, string, string) ([]api.EnvVar, error) {
	c.live = true
	return nil, errNeedsLive
}

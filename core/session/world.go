package session

import (
	"errors"
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/core/sim"
)

// A world is one running cluster and what the session follows of it: its
// events, its replica history, and the cache that builds its views. The
// session keeps one world at the head of the timeline; replays build
// others from the command log.
type world struct {
	runner *scenario.Runner
	sim    *sim.Sim
	events *eventLog
	series *series
	build  *builder
	// marks notes the timeline's landmarks as the world ticks.
	marks *marker
	// onTick, if set, runs after every tick the world takes, including the
	// ticks inside a blocking kubectl command; the session captures views
	// with it.
	onTick func(*world)
	// onLeave, if set, runs before every tick, while the world is still
	// at the tick it leaves; the session's ledger notes the store there.
	onLeave func(*world)
}

func newWorld(seed uint64) (*world, error) {
	r, err := scenario.NewRunner(&scenario.Scenario{Name: "session", Seed: seed, HasSeed: true}, scenario.Options{})
	if err != nil {
		return nil, err
	}
	s := r.Sim()
	w := &world{
		runner: r,
		sim:    s,
		events: newEventLog(s.API, 2*maxViewEvents),
		series: newSeries(),
		build:  newBuilder(),
		marks:  newMarker(),
	}
	r.BeforeEachStep(w.record)
	return w, nil
}

// tick is the world's current tick.
func (w *world) tick() int64 { return w.sim.CurrentTick() }

// record notes the replica counts of the current tick for the chart. It is
// called whenever the world is about to leave a tick, and before a view is
// built, so the chart holds each tick's last state.
//
// Like every reader of the caches here it pumps the informers first: a
// kubectl command writes to the API server, and the controllers' caches
// see it at their next step, but the page should show it at once. Pumping
// earlier delivers the same watch events in the same order (the cluster
// pumps before every step and every actor anyway), so it changes nothing
// the controllers do; the replay tests check that.
func (w *world) record() {
	w.sim.Informers.Pump()
	w.series.record(w.tick(), rsObjects(w.sim.Informers))
}

// advance runs one tick.
func (w *world) advance() error {
	w.record()
	if w.onLeave != nil {
		w.onLeave(w)
	}
	err := w.sim.Tick()
	w.events.sync()
	w.sim.Informers.Pump()
	w.marks.observe(w.tick(), w.sim.Informers)
	if w.onTick != nil {
		w.onTick(w)
	}
	return err
}

// view builds the view of the world as it is now.
func (w *world) view() *View {
	w.events.sync()
	w.record()
	t := w.tick()
	return w.build.build(w, t, w.series.chart(t))
}

// result is what running one entry printed.
type result struct {
	stdout, stderr, output string
	exit                   int
}

// exec runs one entry of the log on the world. files are the files -f can
// name.
//
// A kubectl command's work is left pending, for the step button to walk
// through one reconcile at a time; every entry but step first lets the
// controllers finish it, at the current time, as the scenario runner
// does, so the page and scripts/play agree on every command's output.
func (w *world) exec(e *Entry, files map[string]string) result {
	if e.kind != entryStep {
		if err := w.sim.Settle(); err != nil {
			return errResult(err.Error())
		}
		w.events.sync()
	}
	switch e.kind {
	case entryTick:
		for range e.count {
			if err := w.advance(); err != nil {
				return errResult(fmt.Sprintf("tick: %v", err))
			}
		}
		return result{}
	case entryStep:
		r, err := w.runner.Exec(scenario.Command{Kind: scenario.Step, Count: e.count, Text: e.Line})
		w.events.sync()
		if err != nil {
			return errResult(err.Error())
		}
		return result{stdout: r.Stdout, output: r.Output}
	case entryKubectl:
		in := kubectl.Input{Files: files}
		if e.MaxWait > 0 {
			in.MaxWait = time.Duration(e.MaxWait) * time.Second
		}
		r := kubectl.Run(kubectlCluster{w}, e.Line, in)
		w.events.sync()
		return result{stdout: r.Stdout, stderr: r.Stderr, output: r.Output, exit: r.ExitCode}
	case entryImage, entryNode:
		if e.cmd == nil {
			return errResult("internal error: unparsed command")
		}
		_, err := w.runner.Exec(*e.cmd)
		w.events.sync()
		if err != nil {
			var se *scenario.Error
			msg := err.Error()
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return errResult(msg)
		}
		return result{}
	}
	return errResult(fmt.Sprintf("internal error: unknown command %q", e.Line))
}

func errResult(msg string) result {
	msg = "error: " + msg + "\n"
	return result{stderr: msg, output: msg, exit: 1}
}

// kubectlCluster is what core/kubectl runs against: the world's cluster,
// with Tick routed through the world so that every tick a blocking command
// takes is seen (recorded for the chart, its view captured).
type kubectlCluster struct{ w *world }

func (c kubectlCluster) Server() *apiserver.Server { return c.w.sim.API }
func (c kubectlCluster) Now() time.Time            { return c.w.sim.Now() }
func (c kubectlCluster) Tick() error               { return c.w.advance() }

func (c kubectlCluster) ContainerEnv(namespace, pod, container string) ([]api.EnvVar, error) {
	return c.w.sim.ContainerEnv(namespace, pod, container)
}

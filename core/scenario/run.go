package scenario

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/sim"
)

// Options change how a scenario runs.
type Options struct {
	// Seed replaces the scenario's seed when OverrideSeed is set.
	Seed         uint64
	OverrideSeed bool
}

// Result is what one command of the script did.
type Result struct {
	Line    int    `json:"line"`
	Command string `json:"command"`
	// Output is what a terminal shows: for kubectl, stdout and stderr in
	// the order they were written; step says what it reconciled; the other
	// verbs print nothing.
	Output string `json:"output"`
	// Stdout and Stderr are the two streams apart.
	Stdout string `json:"-"`
	Stderr string `json:"-"`
	// ExitCode is the command's exit status (kubectl's; 0 for the others).
	ExitCode int `json:"exitCode"`
	// Tick is the cluster's tick after the command.
	Tick int64 `json:"tick"`
	// Decisions are the controllers' decision records made while the
	// command ran, oldest first.
	Decisions []controller.Decision `json:"decisions,omitempty"`
	// CRI are the CRI calls the kubelets made while the command ran
	// (RunPodSandbox, PullImage, CreateContainer, ...), by tick.
	CRI []sim.CRICall `json:"cri,omitempty"`
}

// Transcript is a whole run: one Result per command.
type Transcript struct {
	Name    string
	Seed    uint64
	Results []Result
}

// Run executes a scenario on a fresh standard cluster and returns its
// transcript. The error is a script error (a node that does not exist, a
// cluster that fails to settle), naming its line; the transcript then holds
// the commands run before it and, when it printed something before it
// failed (a kubectl command whose work then did not settle), the failing
// one. A kubectl command that fails is not an error:
// its exit code and message are in its Result.
func Run(s *Scenario, opts Options) (*Transcript, error) {
	r, err := NewRunner(s, opts)
	if err != nil {
		return nil, err
	}
	t := &Transcript{Name: s.Name, Seed: r.Seed()}
	for !r.Done() {
		res, err := r.Next()
		if err != nil {
			if res.Output != "" {
				t.Results = append(t.Results, res)
			}
			return t, err
		}
		t.Results = append(t.Results, res)
	}
	return t, nil
}

// Runner runs a scenario one command at a time (the page steps through a
// scenario's script this way; Run runs it all).
type Runner struct {
	s     *Scenario
	sim   *sim.Sim
	seed  uint64
	files map[string]string
	next  int
	// beforeStep, if set, runs before each reconcile a step command takes.
	beforeStep func()
}

// NewRunner starts the scenario's cluster: the standard one, with the
// scenario's seed (or opts.Seed).
func NewRunner(s *Scenario, opts Options) (*Runner, error) {
	seed := cluster.DefaultSeed
	if s.HasSeed {
		seed = s.Seed
	}
	if opts.OverrideSeed {
		seed = opts.Seed
	}
	c, err := sim.New(sim.Options{Seed: seed})
	if err != nil {
		return nil, &Error{File: s.Name, Msg: "cannot start the cluster: " + err.Error()}
	}
	return &Runner{s: s, sim: c, seed: seed, files: s.FileMap()}, nil
}

// BeforeEachStep sets f to run before each reconcile a step command takes
// (the page records the chart's point of the tick there).
func (r *Runner) BeforeEachStep(f func()) { r.beforeStep = f }

// Sim is the runner's cluster.
func (r *Runner) Sim() *sim.Sim { return r.sim }

// Seed is the seed the cluster runs with.
func (r *Runner) Seed() uint64 { return r.seed }

// Done reports whether every command has run.
func (r *Runner) Done() bool { return r.next >= len(r.s.Commands) }

// Next runs the next command. After an error the runner stays at the
// failed command.
func (r *Runner) Next() (Result, error) {
	if r.Done() {
		return Result{}, &Error{File: r.s.Name, Msg: "the script has ended"}
	}
	c := r.s.Commands[r.next]
	// What a kubectl command set off settles at once, as controllers react
	// within milliseconds, unless the script steps through it next.
	stepsNext := r.next+1 < len(r.s.Commands) && r.s.Commands[r.next+1].Kind == Step
	res, err := r.run(c, c.Kind == Kubectl && !stepsNext)
	if err != nil {
		return res, err
	}
	r.next++
	return res, nil
}

// Exec runs one command on the runner's cluster (the page's console runs
// typed `tick` and `node` lines this way). Its -f files come from the
// scenario. Unlike Next, it leaves a kubectl command's work pending: the
// next command other than step settles it first.
func (r *Runner) Exec(c Command) (Result, error) { return r.run(c, false) }

func (r *Runner) run(c Command, settleAfter bool) (Result, error) {
	res := Result{Line: c.Line, Command: c.Text}
	before, criMark := r.sim.DecisionCount(), r.sim.CRIMark()
	err := r.exec(c, &res)
	if err == nil && settleAfter {
		if serr := r.sim.Settle(); serr != nil {
			err = fmt.Errorf("after kubectl: %v", serr)
		}
	}
	res.Tick = r.sim.CurrentTick()
	if err != nil {
		return res, &Error{File: r.s.Name, Line: c.Line, Msg: err.Error()}
	}
	res.Decisions = append([]controller.Decision(nil), r.sim.DecisionsSince(before)...)
	res.CRI = r.sim.CRICallsSince(criMark)
	return res, nil
}

// exec runs one command. Every command but step first lets the controllers
// finish what earlier commands set off, at the current time: only step
// looks at that work one reconcile at a time.
func (r *Runner) exec(c Command, res *Result) error {
	if c.Kind != Step {
		if err := r.sim.Settle(); err != nil {
			return fmt.Errorf("before %s: %v", c.Kind, err)
		}
	}
	switch c.Kind {
	case Kubectl:
		return r.kubectl(c, res)
	case Tick:
		for range c.Count {
			if err := r.sim.Tick(); err != nil {
				return fmt.Errorf("tick: %v", err)
			}
		}
	case Step:
		r.step(c.Count, res)
	case Seed:
		// Applied when the cluster was made.
	case Image:
		return r.image(c.Image)
	case Node:
		return r.node(c.Node)
	case ControllerManager:
		return r.controllerManager(c.Action, c.Args)
	default:
		return fmt.Errorf("unknown command kind %v", c.Kind)
	}
	return nil
}

// step runs up to n reconciles and says what each did. It is the one step
// interpreter: the page's console runs its step lines through Exec too.
func (r *Runner) step(n int, res *Result) {
	var b strings.Builder
	for range n {
		if r.beforeStep != nil {
			r.beforeStep()
		}
		sr, ok := r.sim.Step()
		if !ok {
			b.WriteString("step: every work queue is empty; nothing to reconcile until the next tick\n")
			break
		}
		fmt.Fprintf(&b, "step: %s reconciled %s (%d decisions)\n", sr.Controller, sr.Key, len(sr.Decisions))
		if sr.Err != nil {
			fmt.Fprintf(&b, "  error: %v (requeued)\n", sr.Err)
		}
	}
	res.Stdout, res.Output = b.String(), b.String()
}

func (r *Runner) image(spec ImageSpec) error {
	reg := r.sim.Registry
	if spec.Defaults {
		if spec.TimingSet[0] {
			reg.Defaults.Pull = spec.Timing.Pull
		}
		if spec.TimingSet[1] {
			reg.Defaults.Start = spec.Timing.Start
		}
		if spec.TimingSet[2] {
			reg.Defaults.Stop = spec.Timing.Stop
		}
		return nil
	}
	if spec.Like != "" {
		if err := reg.Register(spec.Ref, spec.Like); err != nil {
			return fmt.Errorf("image %s: like=%s: %v", spec.Ref, spec.Like, err)
		}
	}
	if err := reg.SetBehavior(spec.Ref, spec.Behavior); err != nil {
		return fmt.Errorf("image %s: %v", spec.Ref, err)
	}
	return nil
}

func (r *Runner) node(spec NodeSpec) error {
	var err error
	switch spec.Action {
	case "add":
		if err = r.sim.AddNode(spec.Options); err == nil {
			err = r.sim.Settle()
		}
	case "fail":
		err = r.sim.FailNode(spec.Name)
	case "recover":
		err = r.sim.RecoverNode(spec.Name)
	case "delete":
		err = r.sim.DeleteNode(spec.Name)
	}
	if err != nil {
		return fmt.Errorf("node %s: %v", spec.Action, err)
	}
	return nil
}

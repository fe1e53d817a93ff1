package session

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// Options configure a Session.
type Options struct {
	Seed uint64
	// History bounds the views kept for time travel; the zero value means
	// DefaultHistoryLimits.
	History HistoryLimits
}

// Session is the state the page drives: a seed, the files kubectl -f can
// name, the command log, the live cluster at the head of the timeline, the
// tick being looked at (the cursor), and a bounded history of views.
//
// A Session is a single-threaded state machine like the rest of core/; the
// browser runs it in a Web Worker, one call at a time.
type Session struct {
	seed  uint64
	lim   HistoryLimits
	title string
	doc   string
	// files are what -f NAME can read: the scenario's files, then the
	// editor texts applied (editor-1.yaml, ...), in order.
	files     map[string]string
	fileOrder []string
	// draft is the editor's text, applied or not (draft.go): it survives
	// Reset, as the editor does.
	draft string
	log   []*Entry
	// outputs[i] is what log[i] printed (nil for ticks from the transport
	// bar), for the console transcript.
	outputs []*Output

	w      *world // the cluster at the head of the timeline
	cursor int64
	hist   *history

	// past is a cluster replayed to pastAt, kept for read-only commands
	// run while looking at an earlier tick; nil when stale.
	past   *world
	pastAt int64

	// led follows the head world's API server, so a read-only command at
	// a past tick runs against its store at that tick (timetravel.go);
	// pastSrv is the last such store, for tick pastSrvAt.
	led       *ledger
	pastSrv   *apiserver.Server
	pastSrvAt int64

	// captureTo is the head an operation in progress will reach: views of
	// ticks it passes are captured if the history would keep them then.
	captureTo int64
	// fresh is set when the head's view was captured after the last tick
	// and nothing ran since.
	fresh bool

	// lesson is the lesson open in the session (openLesson), nil if none;
	// lessonRef is how share links name it to open it again (an embedded
	// lesson's name), empty for a lesson they cannot name.
	lesson    *lesson.Lesson
	lessonRef string
}

// Output is what one command printed.
type Output struct {
	Line string `json:"line"`
	// Tick is the tick the command ran at; End the tick after it (later
	// for tick N and for blocking kubectl commands).
	Tick   int64  `json:"tick"`
	End    int64  `json:"end"`
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	// Output is stdout and stderr interleaved as a terminal shows them.
	Output string `json:"output"`
	Exit   int    `json:"exit"`
	// Discarded is how many ticks of the future the command discarded
	// (it changed the cluster while an earlier tick was shown).
	Discarded int64 `json:"discarded,omitempty"`
	// Past is set when a read-only command ran against the earlier tick
	// being shown, leaving the timeline as it was.
	Past bool `json:"past,omitempty"`
}

// maxKeptOutput bounds the output kept per command for the transcript.
const maxKeptOutput = 64 << 10

// New returns a session on a fresh standard cluster with the given seed.
func New(seed uint64) (*Session, error) { return NewWithOptions(Options{Seed: seed}) }

// NewWithOptions is New with history limits.
func NewWithOptions(o Options) (*Session, error) {
	s := &Session{lim: o.History}
	if s.lim == (HistoryLimits{}) {
		s.lim = DefaultHistoryLimits
	}
	if err := s.reset(o.Seed); err != nil {
		return nil, err
	}
	return s, nil
}

// Reset starts over on a fresh cluster with seed: no files, no log.
func (s *Session) Reset(seed uint64) error { return s.reset(seed) }

func (s *Session) reset(seed uint64) error {
	w, err := newWorld(seed)
	if err != nil {
		return err
	}
	s.seed, s.title, s.doc = seed, "", ""
	s.files, s.fileOrder = map[string]string{}, nil
	s.log, s.outputs = nil, nil
	s.cursor, s.past = 0, nil
	s.lesson, s.lessonRef = nil, ""
	s.hist = newHistory(s.lim)
	if s.led != nil {
		s.led.stop()
	}
	s.led, s.pastSrv = newLedger(w, s.lim), nil
	s.setWorld(w)
	s.captureHead()
	return nil
}

// Head is the latest tick of the timeline.
func (s *Session) Head() int64 { return s.w.tick() }

// Cursor is the tick being looked at.
func (s *Session) Cursor() int64 { return s.cursor }

// entries returns a copy of the command log.
func (s *Session) entries() []Entry {
	out := make([]Entry, len(s.log))
	for i, e := range s.log {
		out[i] = *e
	}
	return out
}

// Files returns the files -f can name, in order.
func (s *Session) Files() []File {
	out := make([]File, 0, len(s.fileOrder))
	for _, n := range s.fileOrder {
		out = append(out, File{Name: n, Text: s.files[n]})
	}
	return out
}

// File is one file of the session.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Transcript returns what each command of the log printed, in order: the
// console's content after a Load or Decode.
func (s *Session) Transcript() []Output {
	var out []Output
	for i, e := range s.log {
		if o := s.outputs[i]; o != nil {
			out = append(out, *o)
		} else if e.kind != entryTick && e.kind != entryStep {
			out = append(out, Output{Line: e.Line, Tick: e.Tick, End: e.End})
		}
	}
	return out
}

// setWorld makes w the head world and routes its ticks to the history.
func (s *Session) setWorld(w *world) {
	s.w = w
	w.onLeave = func(w *world) { s.led.leaving(w) }
	w.onTick = func(w *world) {
		t := w.tick()
		final := max(s.captureTo, t)
		var v *View
		if s.hist.wanted(t, final) {
			v = w.view()
			s.hist.put(v, final, false)
			s.fresh = true
		}
		s.led.viewed(w, v)
	}
}

// captureHead stores the view of the head in the history.
func (s *Session) captureHead() {
	v := s.w.view()
	s.hist.put(v, s.w.tick(), false)
	s.led.viewed(s.w, v)
	s.fresh = true
}

// Run runs one console line: a kubectl command ("k" works too), or one of
// the simulation's verbs: tick [N], step [N], node add|fail|recover|delete
// NAME, image REF [OPTION...], reset [SEED], back, jump TICK, help.
//
// While an earlier tick is shown, a read-only kubectl command (get,
// describe, rollout history, ...) runs against that tick and changes
// nothing; any other command first discards the ticks after it, then runs
// at it.
func (s *Session) Run(line string) Output {
	line = strings.TrimSpace(line)
	out := Output{Line: line, Tick: s.cursor, End: s.cursor}
	if line == "" {
		return out
	}
	verb, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch verb {
	case "help", "?":
		out.Stdout = helpText
		out.Output = helpText
		return out
	case "seed", "reset":
		seed := s.seed
		if arg != "" {
			n, err := strconv.ParseUint(arg, 10, 64)
			if err != nil {
				return failed(out, fmt.Sprintf("%s: invalid seed %q: want a whole number", verb, arg), 1)
			}
			seed = n
		}
		if err := s.Reset(seed); err != nil {
			return failed(out, err.Error(), 1)
		}
		msg := fmt.Sprintf("cluster reset with seed %d\n", seed)
		out.Tick, out.End, out.Stdout, out.Output = 0, 0, msg, msg
		return out
	case "back":
		s.Back()
		out.End = s.cursor
		return out
	case "jump":
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil {
			return failed(out, fmt.Sprintf("jump: invalid tick %q: want a whole number", arg), 1)
		}
		s.Jump(n)
		out.End = s.cursor
		return out
	}
	e, err := parseLine(line)
	if err != nil {
		if strings.HasPrefix(err.Error(), "unknown command") {
			msg := fmt.Sprintf("bash: %s: command not found\nhint: start kubectl commands with \"kubectl\" (or \"k\"); type \"help\" for the simulation's commands\n", verb)
			out.Stderr, out.Output, out.Exit = msg, msg, 127
			return out
		}
		return failed(out, err.Error(), 1)
	}
	if e.kind == entryTick {
		o := s.Tick(e.count)
		o.Line = line
		return o
	}
	if e.kind == entryKubectl && s.cursor < s.Head() && readOnly(e.Line) {
		return s.runPast(e)
	}
	o := s.do(e, true)
	o.Line = line
	return o
}

func failed(out Output, msg string, code int) Output {
	msg = "error: " + msg + "\n"
	out.Stderr, out.Output, out.Exit = msg, msg, code
	return out
}

const helpText = `Commands:
  kubectl ...            any kubectl command ("k" for short)
  tick [N]               let N simulated seconds pass (default 1)
  step [N]               run N single reconciles of the controllers
  node add NAME [cpu=4 memory=8Gi pods=110]
  node fail|recover|delete NAME
  controller-manager stop|start   kill kube-controller-manager, start a new one
  controller-manager kube-api-qps=20 kube-api-burst=30   its controllers' client rate limits
  image REF [pull=2s start=1s stop=1s crash=30s ready=5s missing unready ...]
  image * [pull=2s start=1s stop=1s]   change the defaults for every image
  back, jump TICK        move along the timeline
  reset [SEED]           start over on a fresh cluster
`

// Apply applies manifest text from the editor, as kubectl apply -f does: it
// decodes the text first, and on errors returns each with its position and
// changes nothing; otherwise it keeps the text as a file (editor-N.yaml)
// and runs "kubectl apply -f editor-N.yaml".
func (s *Session) Apply(text string) ApplyResult {
	errs, decoded := decodeErrors(text)
	if decoded == 0 && len(errs) > 0 {
		return ApplyResult{Errors: errs, Output: Output{Tick: s.cursor, End: s.cursor, Exit: 1}}
	}
	name := s.editorFile(text)
	e := &Entry{Line: "kubectl apply -f " + name, kind: entryKubectl}
	out := s.do(e, true)
	return ApplyResult{OK: out.Exit == 0, File: name, Errors: errs, Invalid: serverErrors(text, out.Stderr), Output: out}
}

// previewFile is the name the editor's text goes by in Diff's preview.
const previewFile = "editor.yaml"

// Diff previews what applying the editor's text would change: "kubectl
// diff -f editor.yaml" against the tick shown, with the text as that file.
// kubectl diff changes nothing (its dry runs store nothing), so the
// preview is neither logged nor kept as a file, and never cuts the
// timeline. Decode errors come back positioned, as Apply's do. OK reports
// that diff ran: its exit code is 0 with no differences, 1 with some.
func (s *Session) Diff(text string) ApplyResult {
	out := Output{Line: "kubectl diff -f " + previewFile, Tick: s.cursor, End: s.cursor}
	if errs, _ := decodeErrors(text); len(errs) > 0 {
		out.Exit = 1
		return ApplyResult{Errors: errs, Output: out}
	}
	w := s.w
	if s.cursor < s.Head() {
		var err error
		if w, err = s.pastWorld(); err != nil {
			return ApplyResult{Errors: []ApplyError{}, Output: failed(out, err.Error(), 1)}
		}
		out.Past = true
	}
	files := maps.Clone(s.files)
	files[previewFile] = text
	r := w.exec(&Entry{Line: out.Line, kind: entryKubectl}, files)
	out.Stdout, out.Stderr, out.Output, out.Exit = r.stdout, r.stderr, r.output, r.exit
	return ApplyResult{OK: r.exit <= 1, Errors: []ApplyError{}, Invalid: serverErrors(text, r.stderr), Output: out}
}

// editorFile returns the name of a file holding text, adding one if no file
// holds it yet.
func (s *Session) editorFile(text string) string {
	for _, n := range s.fileOrder {
		if strings.HasPrefix(n, "editor-") && s.files[n] == text {
			return n
		}
	}
	for i := 1; ; i++ {
		n := fmt.Sprintf("editor-%d.yaml", i)
		if _, taken := s.files[n]; !taken {
			s.addFile(n, text)
			return n
		}
	}
}

func (s *Session) addFile(name, text string) {
	if _, ok := s.files[name]; !ok {
		s.fileOrder = append(s.fileOrder, name)
	}
	s.files[name] = text
}

// Tick lets n simulated seconds pass. While an earlier tick is shown it
// moves along the recorded timeline first, as a video player would, and
// extends the timeline only past its end.
func (s *Session) Tick(n int) Output {
	start := s.cursor
	out := Output{Line: tickLine(max(n, 1)), Tick: start, End: start}
	if n <= 0 {
		return out
	}
	if n > scenario.MaxTicks {
		return failed(out, fmt.Sprintf("tick: count %d is over the limit of %d", n, scenario.MaxTicks), 1)
	}
	if head := s.Head(); s.cursor < head {
		move := min(int64(n), head-s.cursor)
		s.cursor += move
		n -= int(move)
		if n == 0 {
			out.End = s.cursor
			return out
		}
	}
	o := s.do(&Entry{Line: tickLine(n), kind: entryTick, count: n}, false)
	o.Tick = start
	o.Line = out.Line
	return o
}

// Step runs one reconcile of the controllers (the work item that has
// waited longest, across every controller's queue), at the tick shown.
func (s *Session) Step() Output {
	return s.do(&Entry{Line: "step", kind: entryStep, count: 1}, false)
}

// Back moves the cursor one tick back.
func (s *Session) Back() {
	if s.cursor > 0 {
		s.cursor--
	}
}

// Jump moves the cursor to tick: back in time along the timeline, or
// forward, past the head if need be (the cluster runs to it).
func (s *Session) Jump(tick int64) Output {
	tick = max(tick, 0)
	if head := s.Head(); tick <= head {
		s.cursor = tick
		return Output{Line: "jump " + strconv.FormatInt(tick, 10), Tick: tick, End: tick}
	}
	return s.Tick(int(min(tick-s.cursor, scenario.MaxTicks)))
}

// do runs an entry at the cursor: if the cursor is behind the head, the
// future is discarded first.
func (s *Session) do(e *Entry, keepOutput bool) Output {
	var discarded int64
	if head := s.Head(); s.cursor < head {
		if err := s.branch(s.cursor); err != nil {
			return failed(Output{Line: e.Line, Tick: s.cursor, End: s.cursor}, err.Error(), 1)
		}
		discarded = head - s.cursor
	}
	out := s.execLive(e, keepOutput)
	out.Discarded = discarded
	return out
}

// execLive runs an entry on the head world and logs it.
func (s *Session) execLive(e *Entry, keepOutput bool) Output {
	start := s.w.tick()
	e.Tick = start
	if e.kind == entryTick {
		s.captureTo = start + int64(e.count)
	} else {
		s.captureTo = start
	}
	s.fresh = false
	r := s.w.exec(e, s.files)
	s.captureTo = 0
	e.End = s.w.tick()
	s.cursor = e.End
	s.past = nil

	out := Output{Line: e.Line, Tick: e.Tick, End: e.End, Stdout: r.stdout, Stderr: r.stderr, Output: r.output, Exit: r.exit}
	s.appendLog(e, out, keepOutput || r.exit != 0)
	if !(e.kind == entryTick && s.fresh && r.exit == 0) {
		s.captureHead()
	}
	return out
}

// appendLog adds an entry, merging consecutive ticks (and consecutive steps
// at one tick) into one line so the log stays short at 100 ticks a second.
func (s *Session) appendLog(e *Entry, out Output, keep bool) {
	if n := len(s.log); n > 0 && !keep && s.outputs[n-1] == nil {
		last := s.log[n-1]
		switch {
		case e.kind == entryTick && last.kind == entryTick && last.End == e.Tick && last.count+e.count <= scenario.MaxTicks:
			last.count += e.count
			last.End = e.End
			last.Line = tickLine(last.count)
			return
		case e.kind == entryStep && last.kind == entryStep && last.End == e.Tick && e.End == e.Tick:
			last.count += e.count
			last.Line = stepLine(last.count)
			return
		}
	}
	s.log = append(s.log, e)
	if keep {
		out.Stdout, out.Stderr, out.Output = clip(out.Stdout), clip(out.Stderr), clip(out.Output)
		s.outputs = append(s.outputs, &out)
	} else {
		s.outputs = append(s.outputs, nil)
	}
}

func clip(s string) string {
	if len(s) <= maxKeptOutput {
		return s
	}
	return s[:maxKeptOutput] + fmt.Sprintf("\n… (%d more bytes)\n", len(s)-maxKeptOutput)
}

// View returns the view of the tick shown.
func (s *Session) View() *View {
	v, ok := s.hist.get(s.cursor)
	if !ok {
		if v = s.led.view(s.cursor, s.seed); v != nil {
			s.hist.put(v, s.Head(), true)
		} else {
			v = s.rebuild(s.cursor)
		}
	}
	out := *v
	out.Head = s.Head()
	out.Live = out.Tick == out.Head
	return &out
}

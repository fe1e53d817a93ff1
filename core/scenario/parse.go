package scenario

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"golang.org/x/tools/txtar"
)

// Scenario is a parsed scenario: its script and the files the script names.
type Scenario struct {
	// Name is the file name errors and transcripts use ("web.txtar").
	Name string
	// Doc is the comment block the script opens with, "# " markers removed:
	// what the scenario shows and why. Its first line is the title.
	Doc string
	// Seed is the seed the script chose with `seed N`; HasSeed says whether
	// it chose one (otherwise the runner uses cluster.DefaultSeed).
	Seed    uint64
	HasSeed bool
	// Commands are the script's commands in order (comments and blank lines
	// dropped).
	Commands []Command
	// Files are the archive's files in order.
	Files []File
}

// File is one file of the archive: a manifest the script names.
type File struct {
	Name string
	Line int // the line of its "-- NAME --" marker
	Data []byte
}

// Title is the first line of Doc ("" when the script has no leading comment).
func (s *Scenario) Title() string {
	t, _, _ := strings.Cut(s.Doc, "\n")
	return t
}

// File returns the contents of the named file of the archive.
func (s *Scenario) File(name string) ([]byte, bool) {
	for _, f := range s.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// FileMap returns the archive's files by name, as the kubectl layer takes
// them for -f (kubectl.Input.Files).
func (s *Scenario) FileMap() map[string]string {
	m := make(map[string]string, len(s.Files))
	for _, f := range s.Files {
		m[f.Name] = string(f.Data)
	}
	return m
}

// Kind says what a command does.
type Kind int

// The kinds of command, one per verb.
const (
	Kubectl           Kind = iota + 1 // kubectl ARGS...
	Tick                              // tick [N|DURATION]
	Step                              // step [N]
	Seed                              // seed N
	Image                             // image REF|* [OPTION...]
	Node                              // node add|fail|recover|delete NAME [OPTION...]
	ControllerManager                 // controller-manager stop|start|kube-api-qps=N kube-api-burst=N
)

var kindNames = map[Kind]string{Kubectl: "kubectl", Tick: "tick", Step: "step", Seed: "seed", Image: "image", Node: "node",
	ControllerManager: "controller-manager"}

func (k Kind) String() string {
	if n, ok := kindNames[k]; ok {
		return n
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// verbs lists the verbs in the order error messages name them.
var verbs = []string{"kubectl", "tick", "step", "seed", "image", "node", "controller-manager"}

// Command is one line of the script.
type Command struct {
	Line int    // 1-based line in the archive
	Text string // the line as written, surrounding blanks trimmed
	Kind Kind
	// Args are the words after the verb (for kubectl, split as a shell
	// would, by kubectl.ParseCommandLine: quotes removed).
	Args []string

	// Count is how many ticks (Tick) or reconciles (Step) to run.
	Count int
	// SeedValue is the seed of a Seed command.
	SeedValue uint64
	// Files are the names a Kubectl command reads with -f/--filename.
	Files []string
	// Image is what an Image command sets.
	Image ImageSpec
	// Node is what a Node command does.
	Node NodeSpec
	// Action is what a ControllerManager command does: "stop", "start",
	// or "flags" (kube-api-qps=N kube-api-burst=N, in Args).
	Action string
}

// NodeSpec is a parsed `node` line.
type NodeSpec struct {
	Action  string // "add", "fail", "recover", "delete"
	Name    string
	Options cluster.NodeOptions // for add
}

// MaxTicks bounds one `tick` line: a day of simulated time.
const MaxTicks = 24 * 60 * 60

// maxSteps bounds one `step` line.
const maxSteps = 100_000

// maxErrors is how many errors Parse reports before giving up.
const maxErrors = 10

// Error is a problem with one line of a scenario.
type Error struct {
	File string
	Line int // 0 when the problem is with the whole file
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
}

// ErrorList is every problem Parse found, in line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Parse reads a scenario: a txtar archive whose comment section is the script
// and whose files are the manifests it names. name is the file name used in
// errors. On failure the error is an ErrorList naming each bad line.
func Parse(name string, data []byte) (*Scenario, error) {
	p := &parser{s: &Scenario{Name: name}}
	p.parse(data)
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.s, nil
}

type parser struct {
	s        *Scenario
	errs     ErrorList
	seedLine int // line of the `seed` command
	touched  int // line of the first command that changes the cluster
}

func (p *parser) errorf(line int, format string, args ...any) {
	if len(p.errs) == maxErrors {
		p.errs = append(p.errs, &Error{File: p.s.Name, Line: line, Msg: "too many errors"})
	}
	if len(p.errs) > maxErrors {
		return
	}
	p.errs = append(p.errs, &Error{File: p.s.Name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) parse(data []byte) {
	if !utf8.Valid(data) {
		p.errorf(0, "not a text file (invalid UTF-8)")
		return
	}
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	a := txtar.Parse(data)

	// Files, with the line of each marker.
	line := 1 + bytes.Count(a.Comment, []byte("\n"))
	seen := map[string]int{}
	for _, f := range a.Files {
		if prev, dup := seen[f.Name]; dup {
			p.errorf(line, "duplicate file %q (first on line %d)", f.Name, prev)
		} else {
			seen[f.Name] = line
			p.s.Files = append(p.s.Files, File{Name: f.Name, Line: line, Data: f.Data})
		}
		line += 1 + bytes.Count(f.Data, []byte("\n"))
	}

	// The script.
	var doc []string
	inDoc := true
	for i, text := range strings.Split(strings.TrimSuffix(string(a.Comment), "\n"), "\n") {
		n := i + 1
		text = strings.TrimSpace(text)
		if text == "" {
			if inDoc && len(doc) > 0 {
				inDoc = false
			}
			continue
		}
		if strings.HasPrefix(text, "#") {
			if inDoc {
				doc = append(doc, strings.TrimPrefix(strings.TrimPrefix(text, "#"), " "))
			}
			continue
		}
		inDoc = false
		if c, ok := p.command(n, text); ok {
			p.s.Commands = append(p.s.Commands, c)
		}
	}
	p.s.Doc = strings.Join(doc, "\n")
	if len(p.s.Commands) == 0 && len(p.errs) == 0 {
		p.errorf(0, "the script has no commands (write them before the first \"-- FILE --\" line)")
	}
}

// command parses one script line.
func (p *parser) command(n int, text string) (Command, bool) {
	c := Command{Line: n, Text: text}
	verb, rest := text, ""
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		verb, rest = text[:i], text[i+1:]
	}
	args := strings.Fields(rest)
	c.Args = args
	switch verb {
	case "kubectl":
		c.Kind = Kubectl
		// The kubectl layer's own shell parser, so that the line means
		// here what it means when it runs.
		words, err := kubectl.ParseCommandLine(text)
		if err != nil {
			p.errorf(n, "%v", err)
			return c, false
		}
		c.Args = words[1:]
		c.Files = filenames(words)
		ok := true
		for _, f := range c.Files {
			if _, found := p.s.File(f); !found {
				p.errorf(n, "kubectl: file %q is not in the scenario%s", f, p.fileHint(f))
				ok = false
			}
		}
		p.touch(n)
		return c, ok
	case "tick":
		c.Kind = Tick
		count, ok := p.count(n, "tick", args, true)
		c.Count = count
		p.touch(n)
		return c, ok
	case "step":
		c.Kind = Step
		count, ok := p.count(n, "step", args, false)
		c.Count = count
		p.touch(n)
		return c, ok
	case "seed":
		c.Kind = Seed
		return c, p.seed(n, &c, args)
	case "image":
		c.Kind = Image
		spec, ok := p.image(n, args)
		c.Image = spec
		return c, ok
	case "node":
		c.Kind = Node
		spec, ok := p.node(n, args)
		c.Node = spec
		p.touch(n)
		return c, ok
	case "controller-manager":
		c.Kind = ControllerManager
		action, ok := p.controllerManager(n, args)
		c.Action = action
		p.touch(n)
		return c, ok
	}
	msg := fmt.Sprintf("unknown verb %q", verb)
	if verb == "$" {
		msg += "; write commands without the shell prompt"
	} else if verb == "sleep" || verb == "wait" {
		msg += "; to let simulated time pass, use tick N (N seconds)"
	} else if s := suggest(verb, verbs); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	} else {
		msg += " (want kubectl, tick, step, seed, image, node or controller-manager)"
	}
	p.errorf(n, "%s", msg)
	return c, false
}

// touch notes the first command that changes the cluster: `seed` must come
// before it.
func (p *parser) touch(n int) {
	if p.touched == 0 {
		p.touched = n
	}
}

func (p *parser) fileHint(name string) string {
	var names []string
	for _, f := range p.s.Files {
		names = append(names, f.Name)
	}
	if s := suggest(name, names); s != "" {
		return fmt.Sprintf("; did you mean %q?", s)
	}
	if len(names) == 0 {
		return " (it has no files: add one with a \"-- " + name + " --\" line after the script)"
	}
	return " (files: " + strings.Join(names, ", ") + ")"
}

// count reads the optional count of `tick` and `step`.
func (p *parser) count(n int, verb string, args []string, durations bool) (int, bool) {
	if len(args) == 0 {
		return 1, true
	}
	if len(args) > 1 {
		p.errorf(n, "%s: too many arguments (want %s [N])", verb, verb)
		return 0, false
	}
	limit := maxSteps
	if durations {
		limit = MaxTicks
	}
	v, err := strconv.Atoi(args[0])
	if err != nil && durations {
		d, derr := time.ParseDuration(args[0])
		switch {
		case derr != nil:
			p.errorf(n, "tick: invalid count %q: want a number of seconds (tick 30) or a duration (tick 5m)", args[0])
			return 0, false
		case d%time.Second != 0:
			p.errorf(n, "tick: invalid duration %q: a tick is one second, so use whole seconds", args[0])
			return 0, false
		case d > time.Duration(limit)*time.Second:
			v, err = limit+1, nil
		default:
			v, err = int(d/time.Second), nil
		}
	}
	switch {
	case err != nil:
		p.errorf(n, "%s: invalid count %q: want a whole number", verb, args[0])
		return 0, false
	case v < 1:
		p.errorf(n, "%s: invalid count %q: must be at least 1", verb, args[0])
		return 0, false
	case v > limit:
		p.errorf(n, "%s: count %s is over the limit of %d", verb, args[0], limit)
		return 0, false
	}
	return v, true
}

func (p *parser) seed(n int, c *Command, args []string) bool {
	if len(args) != 1 {
		p.errorf(n, "seed: want exactly one number (seed 42)")
		return false
	}
	v, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		p.errorf(n, "seed: invalid seed %q: want a whole number from 0 to %d", args[0], uint64(1<<64-1))
		return false
	}
	c.SeedValue = v
	switch {
	case p.seedLine != 0:
		p.errorf(n, "seed: the seed is already set on line %d", p.seedLine)
		return false
	case p.touched != 0:
		p.errorf(n, "seed: too late: the cluster already started on line %d; put seed before the first kubectl, tick, step or node line", p.touched)
		return false
	}
	p.seedLine = n
	p.s.Seed, p.s.HasSeed = v, true
	return true
}

// node parses `node add NAME [OPTION...]` and `node fail|recover|delete NAME`.
func (p *parser) node(n int, args []string) (NodeSpec, bool) {
	actions := []string{"add", "fail", "recover", "delete"}
	if len(args) == 0 {
		p.errorf(n, "node: missing action (want node add|fail|recover|delete NAME)")
		return NodeSpec{}, false
	}
	spec := NodeSpec{Action: args[0]}
	switch spec.Action {
	case "add", "fail", "recover", "delete":
	default:
		msg := fmt.Sprintf("node: unknown action %q", spec.Action)
		if s := suggest(spec.Action, actions); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += " (want add, fail, recover or delete)"
		}
		p.errorf(n, "%s", msg)
		return spec, false
	}
	if len(args) < 2 {
		p.errorf(n, "node %s: missing node name", spec.Action)
		return spec, false
	}
	spec.Name = args[1]
	if errs := naming.IsDNS1123Subdomain(spec.Name); len(errs) > 0 {
		p.errorf(n, "node %s: invalid node name %q: %s", spec.Action, spec.Name, errs[0])
		return spec, false
	}
	opts := args[2:]
	if spec.Action != "add" {
		if len(opts) > 0 {
			p.errorf(n, "node %s: unexpected argument %q (only node add takes options)", spec.Action, opts[0])
			return spec, false
		}
		return spec, true
	}
	o, err := cluster.ParseNodeOptions(spec.Name, opts)
	if err != nil {
		p.errorf(n, "node add: %v", err)
		return spec, false
	}
	spec.Options = o
	return spec, true
}

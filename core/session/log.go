package session

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// Entry is one command of the session's log: a line of the scenario
// script language (kubectl ..., tick N, step N, image ..., node ...) and
// where on the timeline it ran. The log, the seed and the files are the
// whole session: replaying the log on a fresh cluster with the same seed
// gives the same cluster, tick for tick.
type Entry struct {
	// Tick is the tick the command started at; End the tick it ended at
	// (later than Tick for tick N and for blocking kubectl commands).
	Tick int64  `json:"tick"`
	End  int64  `json:"end"`
	Line string `json:"line"`
	// MaxWait, when set, caps the simulated seconds a blocking kubectl
	// command may spend: a command cut short because the user went back
	// into its wait and changed the future.
	MaxWait int64 `json:"maxWait,omitempty"`

	kind  entryKind
	count int
	cmd   *scenario.Command // for image and node
}

type entryKind int

const (
	entryKubectl entryKind = iota + 1
	entryTick
	entryStep
	entryImage
	entryNode
)

// clone copies an entry (the log is rewritten on a branch; entries other
// sessions' logs may share are never changed in place).
func (e *Entry) clone() *Entry {
	c := *e
	return &c
}

// parseLine turns a console or script line into an entry. A leading "k" is
// kubectl's usual alias. The second result is a message for the person when
// the line is not a command at all.
func parseLine(line string) (*Entry, error) {
	line = strings.TrimSpace(line)
	verb, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch verb {
	case "k", "kubectl":
		l := "kubectl"
		if rest != "" {
			l += " " + rest
		}
		return &Entry{Line: l, kind: entryKubectl}, nil
	case "tick", "step", "image", "node", "controller-manager":
	default:
		return nil, fmt.Errorf("unknown command %q", verb)
	}
	sc, err := scenario.Parse("console", []byte(line+"\n"))
	if err != nil {
		return nil, scriptError(err)
	}
	if len(sc.Commands) != 1 {
		return nil, fmt.Errorf("%s: want one command", verb)
	}
	return fromCommand(sc.Commands[0]), nil
}

// fromCommand makes an entry of a parsed scenario command (not seed).
func fromCommand(c scenario.Command) *Entry {
	e := &Entry{Line: c.Text}
	switch c.Kind {
	case scenario.Kubectl:
		e.kind = entryKubectl
	case scenario.Tick:
		e.kind, e.count = entryTick, c.Count
		e.Line = tickLine(c.Count)
	case scenario.Step:
		e.kind, e.count = entryStep, c.Count
		e.Line = stepLine(c.Count)
	case scenario.Image:
		e.kind, e.cmd = entryImage, &c
	case scenario.Node, scenario.ControllerManager:
		// Both run through the scenario runner, as node lines do.
		e.kind, e.cmd = entryNode, &c
	}
	return e
}

func tickLine(n int) string {
	if n == 1 {
		return "tick"
	}
	return "tick " + strconv.Itoa(n)
}

func stepLine(n int) string {
	if n == 1 {
		return "step"
	}
	return "step " + strconv.Itoa(n)
}

// scriptError strips the "console:1: " position from a scenario parse error:
// the console has one line.
func scriptError(err error) error {
	var list scenario.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		msgs := make([]string, len(list))
		for i, e := range list {
			msgs[i] = e.Msg
		}
		return errors.New(strings.Join(msgs, "; "))
	}
	return err
}

// readOnly reports whether a kubectl line only reads the cluster and lets no
// time pass, so it may run against a past tick without changing the
// timeline. Anything not known to be read-only is treated as a change.
func readOnly(line string) bool {
	words, err := kubectl.ParseCommandLine(line)
	if err != nil || len(words) == 0 || words[0] != "kubectl" {
		return false
	}
	var args []string
	follow := false
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			i = len(words)
		case w == "-w" || w == "--watch" || w == "--watch-only" || strings.HasPrefix(w, "--watch=") ||
			strings.HasPrefix(w, "--watch-only="):
			return false // watches let time pass
		case w == "-f" || w == "--follow" || strings.HasPrefix(w, "--follow="):
			follow = true
		case valueFlags[w]:
			i++ // the flag's value is not a word of the command
		case !strings.HasPrefix(w, "-"):
			args = append(args, w)
		}
	}
	if len(args) == 0 {
		return true // kubectl alone prints its help
	}
	switch args[0] {
	case "get", "describe", "explain", "api-resources", "api-versions", "version",
		"cluster-info", "config", "top", "help", "completion", "options", "exec", "events",
		"diff": // its dry runs store nothing and draw from a scratch source
		return true
	case "logs":
		return !follow
	case "rollout":
		return len(args) > 1 && args[1] == "history"
	}
	return false
}

// valueFlags are the flags whose value is the next word when written
// without "=".
var valueFlags = map[string]bool{
	"-n": true, "--namespace": true, "-l": true, "--selector": true, "-o": true, "--output": true,
	"-c": true, "--container": true, "--context": true, "--kubeconfig": true, "--sort-by": true,
	"--field-selector": true, "-L": true, "--label-columns": true, "--revision": true, "--tail": true,
	"--since": true, "--request-timeout": true, "--template": true, "--chunk-size": true,
}

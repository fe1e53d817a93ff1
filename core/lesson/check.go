package lesson

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubectl/printers/jsonpath"
)

// Check is one condition a step asks for, parsed from a `check` or `keep`
// line. The forms (each may start with `not`, which turns it round):
//
//	kubectl ARGS... | contains TEXT     the command's output contains TEXT
//	kubectl ARGS... | matches PATTERN   ... matches the pattern (see match.go)
//	kubectl ARGS... | is TEXT           ... is exactly TEXT (less the final newline)
//	kubectl ARGS... | exits N           the command exits with status N
//	TARGET JSONPATH OP VALUE            a field of an object, compared: == != >= <= > <
//	count TARGET OP N                   how many objects TARGET names
//	event REASON on KIND[/NAME] [contains TEXT]
//	                                    an Event with that reason was recorded for the object
//	scaled KIND/NAME from A to B        the object's controller scaled a ReplicaSet from A to B
//
// TARGET is KIND/NAME (deployment/web) or KIND with kubectl's selector
// flags (pods -l app=web --field-selector status.phase=Running). The
// kubectl commands of a check only read: get, describe, events, logs,
// rollout history, rollout status --watch=false, rollout undo --dry-run.
type Check struct {
	Line   int    `json:"line"`
	Source string `json:"source"`
	// Keep: the check holds after its step, and may already hold before it
	// (a `keep` line). A `check` line must not hold before its step.
	Keep bool `json:"keep"`
	Not  bool `json:"not"`

	form    string // "output", "exits", "value", "count", "event"
	kubectl string // the command the check runs
	match   string // contains, matches, is
	text    string
	re      *regex
	op      string
	value   string
	number  float64
	numeric bool
	target  string // as written, for the reason
	path    string // the JSONPath as written
	reason  string // event reason
	kind    *api.KindInfo
	name    string
}

// State is what a check saw on the cluster.
type State struct {
	Line  int    `json:"line"`
	Check string `json:"check"`
	Met   bool   `json:"met"`
	Keep  bool   `json:"keep"`
	// Saw says in plain words what the check found ("deployment/web
	// .status.availableReplicas is 2"); Reason, only when it is not met,
	// adds what the step wants.
	Saw    string `json:"saw"`
	Reason string `json:"reason,omitempty"`
	// SawMsg and ReasonMsg are the same as message keys and arguments
	// (see Msg), for the page to render in its language: each Msg is a
	// sentence, joined by the catalog's "join". Saw and Reason are their
	// English rendering.
	SawMsg    []Msg `json:"sawMsg"`
	ReasonMsg []Msg `json:"reasonMsg,omitempty"`
	// Output is the raw output of the check's kubectl command, for the
	// page to show on request.
	Output string `json:"output,omitempty"`
}

var ops = []string{"==", "!=", ">=", "<=", ">", "<"}

// ParseCheck parses the text after `check` or `keep`.
func ParseCheck(src string) (*Check, error) {
	c := &Check{Source: src}
	s := strings.TrimSpace(src)
	if rest, ok := strings.CutPrefix(s, "not "); ok {
		c.Not, s = true, strings.TrimSpace(rest)
	}
	word, rest, _ := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	var err error
	switch word {
	case "kubectl":
		err = c.parseKubectl(s)
	case "count":
		c.form = "count"
		err = c.parseCompare(rest, false)
	case "event":
		c.form = "event"
		err = c.parseEvent(rest)
	case "scaled":
		c.form = "event"
		err = c.parseScaled(rest)
	case "":
		err = errors.New("an empty check")
	default:
		c.form = "value"
		err = c.parseCompare(s, true)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Check) parseKubectl(s string) error {
	i := strings.LastIndex(s, " | ")
	if i < 0 {
		return errors.New("a kubectl check says what the output must be after \" | \": contains TEXT, matches PATTERN, is TEXT or exits N")
	}
	c.kubectl = strings.TrimSpace(s[:i])
	if err := readOnlyLine(c.kubectl); err != nil {
		return err
	}
	test, arg, _ := strings.Cut(strings.TrimSpace(s[i+3:]), " ")
	arg = unquote(strings.TrimSpace(arg))
	switch test {
	case "contains", "is":
		c.form, c.match, c.text = "output", test, arg
		if arg == "" && test == "contains" {
			return errors.New("contains: nothing to look for")
		}
	case "matches":
		re, err := compileRegex(arg)
		if err != nil {
			return fmt.Errorf("matches: %v", err)
		}
		c.form, c.match, c.text, c.re = "output", test, arg, re
	case "exits":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 {
			return fmt.Errorf("exits: want an exit status (0, 1, ...), got %q", arg)
		}
		c.form, c.number = "exits", float64(n)
	default:
		return fmt.Errorf("unknown test %q after \" | \" (want contains, matches, is or exits)", test)
	}
	return nil
}

// readOnlyLine refuses a check command that could change the cluster or
// let time pass: a check only looks.
func readOnlyLine(line string) error {
	words, err := kubectl.ParseCommandLine(line)
	if err != nil {
		return err
	}
	var args []string
	for _, w := range words[1:] {
		switch {
		case w == "-w" || w == "--watch" || w == "--watch=true" || w == "-f" || w == "--follow" || strings.HasPrefix(w, "--filename"):
			return fmt.Errorf("a check cannot use %s: it only looks at the cluster as it is", w)
		case !strings.HasPrefix(w, "-"):
			args = append(args, w)
		}
	}
	if len(args) == 0 {
		return errors.New("kubectl: no command")
	}
	switch args[0] {
	case "get", "describe":
		// The resource types, when they follow the verb at once
		// (get deployment web, get deploy/web, get rs,pods).
		if len(words) > 2 && words[1] == args[0] && !strings.HasPrefix(words[2], "-") {
			for _, t := range strings.Split(words[2], ",") {
				t, _, _ = strings.Cut(t, "/")
				if _, ok := api.LookupResource(t); !ok && t != "all" {
					return fmt.Errorf("unknown resource type %q", t)
				}
			}
		}
		return nil
	case "events", "logs", "top", "api-resources", "version", "explain":
		return nil
	case "rollout":
		if len(args) > 1 && args[1] == "history" {
			return nil
		}
		if len(args) > 1 && args[1] == "status" && slices.Contains(words, "--watch=false") {
			return nil
		}
		// A dry run shows what undo would do and stores nothing.
		if len(args) > 1 && args[1] == "undo" && (slices.Contains(words, "--dry-run=server") || slices.Contains(words, "--dry-run=client")) {
			return nil
		}
	}
	return fmt.Errorf("a check cannot run %q: it may only read the cluster (get, describe, events, logs, rollout history, rollout status --watch=false, rollout undo --dry-run=server)", strings.Join(args[:min(2, len(args))], " "))
}

// parseCompare reads TARGET [JSONPATH] OP VALUE. A JSONPath in braces may
// hold spaces ({.status.conditions[?(@.type == "Available")].status}).
func (c *Check) parseCompare(s string, withPath bool) error {
	var target, rest []string
	if i := strings.Index(s, " {"); withPath && i >= 0 {
		j := closingBrace(s, i+1)
		if j < 0 {
			return fmt.Errorf("JSONPath %s: the { has no }", s[i+1:])
		}
		target, c.path, rest = strings.Fields(s[:i]), s[i+1:j+1], strings.Fields(s[j+1:])
		if len(rest) == 0 || !isOp(rest[0]) {
			return fmt.Errorf("after the JSONPath %s, want an operator (%s) and a value", c.path, strings.Join(ops, " "))
		}
	} else {
		words := strings.Fields(s)
		opAt := slices.IndexFunc(words, isOp)
		if opAt < 0 {
			if withPath {
				return fmt.Errorf("unknown check %q: want kubectl ... | TEST, TARGET JSONPATH OP VALUE, count, event, scaled or not", firstWord(s))
			}
			return errors.New("count: want count TARGET OP N (count pods -l app=web == 3)")
		}
		target, rest = words[:opAt], words[opAt:]
		if withPath {
			if len(target) < 2 {
				return errors.New("want TARGET JSONPATH OP VALUE (deployment/web .status.availableReplicas >= 3)")
			}
			c.path, target = target[len(target)-1], target[:len(target)-1]
		}
	}
	if len(rest) < 2 {
		return fmt.Errorf("%s: nothing to compare with", rest[0])
	}
	if len(target) == 0 {
		return errors.New("want the object first: KIND/NAME, or KIND -l SELECTOR")
	}
	c.op, c.value = rest[0], unquote(strings.Join(rest[1:], " "))
	if withPath {
		tmpl := c.path
		if !strings.HasPrefix(tmpl, "{") {
			tmpl = "{" + tmpl + "}"
		}
		if _, err := jsonpath.Parse("check", tmpl); err != nil {
			return fmt.Errorf("JSONPath %s: %v", c.path, err)
		}
		c.kubectl = "kubectl get " + strings.Join(target, " ") + " -o " + shellQuote("jsonpath="+tmpl)
	} else {
		c.kubectl = "kubectl get " + strings.Join(target, " ") + " -o name"
	}
	if err := c.parseTarget(target); err != nil {
		return err
	}
	if n, err := strconv.ParseFloat(c.value, 64); err == nil {
		c.number, c.numeric = n, true
	} else if c.op != "==" && c.op != "!=" {
		return fmt.Errorf("%s wants a number, got %q", c.op, c.value)
	}
	if c.form == "count" && !c.numeric {
		return fmt.Errorf("count: want a number, got %q", c.value)
	}
	return nil
}

// parseTarget checks KIND[/NAME] and its flags.
func (c *Check) parseTarget(words []string) error {
	c.target = strings.Join(words, " ")
	kind, name, hasName := strings.Cut(words[0], "/")
	k, ok := api.LookupResource(kind)
	if !ok {
		return fmt.Errorf("unknown resource type %q", kind)
	}
	if hasName && name == "" {
		return fmt.Errorf("%s: an empty name", words[0])
	}
	c.kind, c.name = k, name
	for i := 1; i < len(words); i++ {
		flag, _, hasValue := strings.Cut(words[i], "=")
		switch flag {
		case "-l", "--selector", "--field-selector", "-n", "--namespace":
			if !hasValue {
				i++
			}
			if i >= len(words) {
				return fmt.Errorf("%s needs a value", flag)
			}
		default:
			return fmt.Errorf("unknown word %q in the target %q (want KIND/NAME, or KIND with -l, --field-selector or -n)", words[i], c.target)
		}
	}
	return nil
}

func (c *Check) parseEvent(s string) error {
	words := strings.Fields(s)
	if len(words) < 3 || words[1] != "on" {
		return errors.New("want event REASON on KIND[/NAME] [contains TEXT] (event ScalingReplicaSet on deployment/web)")
	}
	c.reason = words[0]
	if err := c.parseTarget(words[2:3]); err != nil {
		return err
	}
	if len(words) > 3 {
		if words[3] != "contains" || len(words) == 4 {
			return errors.New("after the object, want contains TEXT or nothing")
		}
		c.text = unquote(strings.Join(words[4:], " "))
	}
	return nil
}

// parseScaled is `event ScalingReplicaSet on KIND/NAME contains "from A to
// B"`: the Deployment controller's message for every scale of one of its
// ReplicaSets (scaleReplicaSet in sync.go: "Scaled up replica set %s from
// %d to %d").
func (c *Check) parseScaled(s string) error {
	words := strings.Fields(s)
	if len(words) != 5 || words[1] != "from" || words[3] != "to" {
		return errors.New("want scaled KIND/NAME from A to B (scaled deployment/web from 3 to 4)")
	}
	for _, n := range []string{words[2], words[4]} {
		if _, err := strconv.Atoi(n); err != nil {
			return fmt.Errorf("scaled: %q is not a number of replicas", n)
		}
	}
	c.reason = "ScalingReplicaSet"
	c.text = "from " + words[2] + " to " + words[4]
	return c.parseTarget(words[:1])
}

func isOp(w string) bool { return slices.Contains(ops, w) }

// closingBrace is the index of the } that closes the { at s[i], skipping
// braces inside quotes; -1 if there is none.
func closingBrace(s string, i int) int {
	depth := 0
	var quote byte
	for k := i; k < len(s); k++ {
		switch ch := s[k]; {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '{':
			depth++
		case ch == '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(s, " ")
	return w
}

// shellQuote quotes a word for kubectl's shell-like line parser.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// unquote takes "..." off a value, so one can hold spaces at its ends.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

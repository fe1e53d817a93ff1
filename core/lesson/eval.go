package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl"
)

// Eval evaluates the check on a cluster as it is now. It only reads: the
// commands it runs are get, describe and the like, which take no simulated
// time and change nothing.
func (c *Check) Eval(cl kubectl.Cluster) State {
	st := State{Line: c.Line, Check: c.Source, Keep: c.Keep}
	var held bool
	var saw Msg
	var want *Msg
	switch c.form {
	case "output":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		switch c.match {
		case "contains":
			held = strings.Contains(r.Output, c.text)
			saw = msg(choose(held, "saw.contains", "saw.notContains"), "command", c.kubectl, "text", strconv.Quote(c.text))
		case "is":
			out := strings.TrimSuffix(r.Output, "\n")
			held = out == c.text
			saw = msg("saw.is", "command", c.kubectl, "output", strconv.Quote(out))
			want = &Msg{Key: "want.is", Args: map[string]any{"text": strconv.Quote(c.text)}}
		case "matches":
			held = c.re.MatchString(r.Output)
			saw = msg(choose(held, "saw.matches", "saw.notMatches"), "command", c.kubectl, "pattern", c.text)
		}
	case "exits":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		held = float64(r.ExitCode) == c.number
		saw = msg("saw.exits", "command", c.kubectl, "code", r.ExitCode)
		want = &Msg{Key: "want.exit", Args: map[string]any{"code": int(c.number)}}
	case "value":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		if r.ExitCode != 0 {
			// No object, no value: the check cannot hold either way.
			// kubectl's message stays as kubectl prints it.
			st.setSaw([]Msg{msg("saw.error", "error", strings.TrimSpace(strings.TrimPrefix(r.Stderr, "error: ")))})
			st.setReason(st.SawMsg)
			return st
		}
		got := r.Stdout
		held = c.compare(got)
		switch {
		case got == "" && c.numeric:
			saw = msg("saw.noneZero", "target", c.target, "path", c.path)
		case got == "":
			saw = msg("saw.none", "target", c.target, "path", c.path)
		default:
			saw = msg("saw.value", "target", c.target, "path", c.path, "value", got)
		}
		want = c.wantCompare()
	case "count":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		n := 0
		for _, l := range strings.Split(r.Stdout, "\n") {
			if strings.TrimSpace(l) != "" {
				n++
			}
		}
		held = c.compare(strconv.Itoa(n))
		key := "saw.count."
		sel := strings.TrimSpace(strings.TrimPrefix(c.target, strings.Fields(c.target)[0]))
		if sel != "" {
			key = "saw.countWhere."
		}
		saw = msg(key+choose(n == 1, "one", "other"), "n", n, "kind", c.kind.Kind, "singular", c.kind.Singular, "resource", c.kind.Resource)
		if sel != "" {
			saw.Args["selector"] = sel
		}
		want = c.wantCompare()
	case "event":
		held, saw, st.Output = c.event(cl)
	}
	st.Met = held != c.Not
	sawMsgs := []Msg{saw}
	if !st.Met && c.form == "output" && c.match != "is" {
		sawMsgs = append(sawMsgs, msg("saw.printed", "output", excerpt(st.Output)))
	}
	st.setSaw(sawMsgs)
	if !st.Met {
		reason := sawMsgs
		switch {
		case c.Not:
			reason = append(reason, msg("want.opposite"))
		case want != nil:
			reason = append(reason, *want)
		}
		st.setReason(reason)
	}
	return st
}

// wantCompare is what a comparing check wants: "== 3".
func (c *Check) wantCompare() *Msg {
	m := msg("want.compare", "op", c.op, "value", c.value)
	return &m
}

// setSaw and setReason keep the messages and their English sentences.
func (st *State) setSaw(m []Msg) {
	st.SawMsg, st.Saw = m, english(m)
}

func (st *State) setReason(m []Msg) {
	st.ReasonMsg, st.Reason = m, english(m)
}

// event looks through the recorded Events: history, not the state now.
// It reads them from the API server as objects: printing them for a
// JSONPath took most of the time of a step's checks.
func (c *Check) event(cl kubectl.Cluster) (bool, Msg, string) {
	who := strings.ToLower(c.kind.Kind)
	if c.name != "" {
		who += "/" + c.name
	}
	var seen strings.Builder
	list, err := cl.Server().List(api.EventKind, metav1Default, nil)
	if err != nil {
		return false, msg("saw.error", "error", err.Error()), ""
	}
	found := ""
	for _, o := range list.Items {
		e, ok := o.(*api.Event)
		if !ok || e.Reason != c.reason {
			continue
		}
		fmt.Fprintf(&seen, "%s/%s\t%s\t%s\n", e.InvolvedObject.Kind, e.InvolvedObject.Name, e.Reason, e.Message)
		if found == "" && e.InvolvedObject.Kind == c.kind.Kind && (c.name == "" || e.InvolvedObject.Name == c.name) && strings.Contains(e.Message, c.text) {
			found = e.Message
		}
	}
	if found != "" {
		return true, msg("saw.event", "reason", c.reason, "object", who, "message", found), seen.String()
	}
	if c.text != "" {
		return false, msg("saw.noEventSaying", "reason", c.reason, "object", who, "text", strconv.Quote(c.text)), seen.String()
	}
	return false, msg("saw.noEvent", "reason", c.reason, "object", who), seen.String()
}

// metav1Default is the namespace kubectl uses when none is given, where
// the lesson's objects and their Events live.
const metav1Default = "default"

// compare applies the check's operator to the value a command printed. A
// number compares as a number (each of several, all); a field the API server leaves out when it
// is zero (status.availableReplicas) counts as 0.
func (c *Check) compare(got string) bool {
	got = strings.TrimSpace(got)
	// A JSONPath over a list prints one value per object: a numeric test
	// holds when it holds for every one.
	if vals := strings.Fields(got); c.numeric && len(vals) > 1 {
		for _, v := range vals {
			if !c.compare(v) {
				return false
			}
		}
		return true
	}
	if c.numeric {
		if got == "" {
			got = "0"
		}
		if n, err := strconv.ParseFloat(got, 64); err == nil {
			switch c.op {
			case "==":
				return n == c.number
			case "!=":
				return n != c.number
			case ">=":
				return n >= c.number
			case "<=":
				return n <= c.number
			case ">":
				return n > c.number
			case "<":
				return n < c.number
			}
		}
		return c.op == "!="
	}
	if c.op == "!=" {
		return got != c.value
	}
	return got == c.value
}

// EvalAll evaluates checks in order.
func EvalAll(checks []*Check, cl kubectl.Cluster) []State {
	out := make([]State, len(checks))
	for i, c := range checks {
		out[i] = c.Eval(cl)
	}
	return out
}

// excerpt is the start of a command's output, for a reason: the learner
// sees what the check saw without the whole table.
func excerpt(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) > 3 {
		lines = append(lines[:3], "...")
	}
	s := strings.Join(lines, "\n")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strconv.Quote(s)
}

func choose(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

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
	var want string
	switch c.form {
	case "output":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		switch c.match {
		case "contains":
			held = strings.Contains(r.Output, c.text)
			st.Saw = fmt.Sprintf("the output of %s %s %q", c.kubectl, choose(held, "contains", "does not contain"), c.text)
		case "is":
			held = strings.TrimSuffix(r.Output, "\n") == c.text
			st.Saw = fmt.Sprintf("the output of %s is %q", c.kubectl, strings.TrimSuffix(r.Output, "\n"))
			want = fmt.Sprintf("%q", c.text)
		case "matches":
			held = c.re.MatchString(r.Output)
			st.Saw = fmt.Sprintf("the output of %s %s %s", c.kubectl, choose(held, "matches", "does not match"), c.text)
		}
	case "exits":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		held = float64(r.ExitCode) == c.number
		st.Saw = fmt.Sprintf("%s exits with %d", c.kubectl, r.ExitCode)
		want = "exit status " + strconv.Itoa(int(c.number))
	case "value":
		r := kubectl.Run(cl, c.kubectl, kubectl.Input{})
		st.Output = r.Output
		if r.ExitCode != 0 {
			// No object, no value: the check cannot hold either way.
			st.Saw = strings.TrimSpace(strings.TrimPrefix(r.Stderr, "error: "))
			st.Reason = st.Saw
			return st
		}
		got := r.Stdout
		held = c.compare(got)
		if got == "" {
			st.Saw = fmt.Sprintf("%s has no %s", c.target, c.path)
			if c.numeric {
				st.Saw += " (0)"
			}
		} else {
			st.Saw = fmt.Sprintf("%s %s is %s", c.target, c.path, got)
		}
		want = c.op + " " + c.value
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
		st.Saw = fmt.Sprintf("%d %s", n, plural(n, c.kind.Singular, c.kind.Resource))
		if sel := strings.TrimSpace(strings.TrimPrefix(c.target, strings.Fields(c.target)[0])); sel != "" {
			st.Saw += " (" + sel + ")"
		}
		want = c.op + " " + c.value
	case "event":
		held, st.Saw, st.Output = c.event(cl)
	}
	st.Met = held != c.Not
	if !st.Met && c.form == "output" && c.match != "is" {
		st.Saw += "; it printed " + excerpt(st.Output)
	}
	if !st.Met {
		switch {
		case c.Not:
			st.Reason = st.Saw + "; the step wants the opposite"
		case want != "":
			st.Reason = st.Saw + "; the step wants " + want
		default:
			st.Reason = st.Saw
		}
	}
	return st
}

// event looks through the recorded Events: history, not the state now.
// It reads them from the API server as objects: printing them for a
// JSONPath took most of the time of a step's checks.
func (c *Check) event(cl kubectl.Cluster) (bool, string, string) {
	who := strings.ToLower(c.kind.Kind)
	if c.name != "" {
		who += "/" + c.name
	}
	var seen strings.Builder
	list, err := cl.Server().List(api.EventKind, metav1Default, nil)
	if err != nil {
		return false, err.Error(), ""
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
		return true, fmt.Sprintf("an Event %s for %s: %s", c.reason, who, found), seen.String()
	}
	saw := fmt.Sprintf("no Event %s for %s", c.reason, who)
	if c.text != "" {
		saw += fmt.Sprintf(" saying %q", c.text)
	}
	return false, saw + " so far", seen.String()
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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

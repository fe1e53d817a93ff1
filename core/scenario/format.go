package scenario

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/controller"
)

// Text renders the transcript as a terminal session: each command echoed as
// "$ LINE", then what it printed. A final newline is added to output that
// lacks one, so the next "$" starts a line. With explain, each command's
// decision records follow it, one a line, indented four spaces:
//
//	t=0 deployment-controller default/nginx-deployment: getNewReplicaSet: … → create new RS nginx-deployment-77f6bcb697 with 3 replicas
func (t *Transcript) Text(explain bool) string {
	var b strings.Builder
	for _, r := range t.Results {
		b.WriteString("$ ")
		b.WriteString(r.Command)
		b.WriteByte('\n')
		b.WriteString(r.Output)
		if r.Output != "" && !strings.HasSuffix(r.Output, "\n") {
			b.WriteByte('\n')
		}
		if explain {
			for _, d := range r.Decisions {
				b.WriteString("    ")
				b.WriteString(DecisionLine(d))
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// DecisionLine is a decision record on one line, as --explain prints it:
// "t=1 deployment-controller default/web: getNewReplicaSet: … → …".
func DecisionLine(d controller.Decision) string {
	s := "t=" + strconv.FormatInt(d.Tick, 10) + " " + d.Controller + " " + d.Object + ": " + d.String()
	return strings.ReplaceAll(s, "\n", " ")
}

// jsonResult is one line of JSON output; the field order is the documented
// one.
type jsonResult struct {
	File      string                `json:"file"`
	Line      int                   `json:"line"`
	Command   string                `json:"command"`
	Output    string                `json:"output"`
	ExitCode  int                   `json:"exitCode"`
	Tick      int64                 `json:"tick"`
	Decisions []controller.Decision `json:"decisions,omitempty"`
}

// JSON renders the transcript as JSON Lines: one object per command with
// file, line, command, output, exitCode and tick, and with explain its
// decisions (the controller.Decision records).
func (t *Transcript) JSON(explain bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range t.Results {
		j := jsonResult{File: t.Name, Line: r.Line, Command: r.Command, Output: r.Output, ExitCode: r.ExitCode, Tick: r.Tick}
		if explain {
			j.Decisions = r.Decisions
		}
		if err := enc.Encode(j); err != nil {
			// Every field is a string, a number or a plain struct of them.
			panic("scenario: encoding a result: " + err.Error())
		}
	}
	return buf.Bytes()
}

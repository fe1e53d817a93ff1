package scenario

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/sim"
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
			// Decisions and CRI calls by tick, a tick's decisions first.
			cri := r.CRI
			for _, d := range r.Decisions {
				for len(cri) > 0 && cri[0].Tick < d.Tick {
					b.WriteString("    " + CRILine(cri[0]) + "\n")
					cri = cri[1:]
				}
				b.WriteString("    ")
				b.WriteString(DecisionLine(d))
				b.WriteByte('\n')
			}
			for _, c := range cri {
				b.WriteString("    " + CRILine(c) + "\n")
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

// CRILine is a kubelet's CRI call on one line, as --explain prints it:
// "t=2 kubelet node-1 default/web-7d77b64969-x5k2p: CRI PullImage nginx: docker.io/library/nginx:1.25".
func CRILine(c sim.CRICall) string {
	s := "t=" + strconv.FormatInt(c.Tick, 10) + " kubelet " + c.Node + " " + c.Pod + ": CRI " + c.Call
	if c.Container != "" {
		s += " " + c.Container
	}
	if c.Detail != "" {
		s += ": " + c.Detail
	}
	return s
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
	CRI       []sim.CRICall         `json:"cri,omitempty"`
}

// JSON renders the transcript as JSON Lines: one object per command with
// file, line, command, output, exitCode and tick, and with explain its
// decisions (the controller.Decision records) and the kubelets' CRI calls.
func (t *Transcript) JSON(explain bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range t.Results {
		j := jsonResult{File: t.Name, Line: r.Line, Command: r.Command, Output: r.Output, ExitCode: r.ExitCode, Tick: r.Tick}
		if explain {
			j.Decisions, j.CRI = r.Decisions, r.CRI
		}
		if err := enc.Encode(j); err != nil {
			// Every field is a string, a number or a plain struct of them.
			panic("scenario: encoding a result: " + err.Error())
		}
	}
	return buf.Bytes()
}

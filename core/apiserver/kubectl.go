package apiserver

import (
	"fmt"
	"strings"
)

// KubectlMessage renders err as kubectl prints it on stderr, without the
// trailing newline. It models cmdutil.checkErr and StandardErrorMessage
// (staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go):
//
//   - Invalid: kubectl's own wording, built from the status details rather
//     than the server message: `The Deployment "web" is invalid: spec.replicas:
//     Invalid value: -1: must be greater than or equal to 0`, or for several
//     causes `The Deployment "web" is invalid: ` followed by one "* cause" line
//     each (duplicate causes are dropped, as statusCausesToAggrError does);
//   - any other status error: `Error from server (NotFound): <message>`, or
//     `Error from server: <message>` when the reason is empty;
//   - any other error: `error: <message>`.
//
// One deliberate difference: an Invalid error with no kind, name or causes
// (the 422 a failed JSON patch returns) prints as "The request is invalid: "
// plus the server message, which is what kubectl v1.36 shows users in that
// case, where helpers.go alone would print only "The request is invalid".
func KubectlMessage(err error) string {
	if err == nil {
		return ""
	}
	se, ok := AsStatusError(err)
	if !ok {
		msg := err.Error()
		if !strings.HasPrefix(msg, "error: ") {
			msg = "error: " + msg
		}
		return msg
	}
	if IsInvalid(se) {
		return invalidMessage(se)
	}
	switch {
	case se.Reason == "Unauthorized":
		return fmt.Sprintf("error: You must be logged in to the server (%s)", se.Message)
	case se.Reason != ReasonUnknown:
		return fmt.Sprintf("Error from server (%s): %s", se.Reason, se.Message)
	default:
		return fmt.Sprintf("Error from server: %s", se.Message)
	}
}

// invalidMessage is checkErr's IsInvalid branch plus MultilineError.
func invalidMessage(se *StatusError) string {
	s := "The request is invalid"
	d := se.Details
	if d == nil || (d.Kind == "" && d.Name == "" && len(d.Causes) == 0) {
		if se.Message != "" {
			return s + ": " + se.Message
		}
		return s
	}
	if d.Kind != "" || d.Name != "" {
		s = fmt.Sprintf("The %s %q is invalid", d.Kind, d.Name)
	}
	var msgs []string
	seen := map[string]bool{}
	for _, c := range d.Causes {
		m := fmt.Sprintf("%s: %s", c.Field, c.Message)
		if !seen[m] {
			seen[m] = true
			msgs = append(msgs, m)
		}
	}
	switch len(msgs) {
	case 0:
		return s
	case 1:
		return s + ": " + msgs[0]
	}
	var b strings.Builder
	b.WriteString(s + ": ")
	for _, m := range msgs {
		b.WriteString("\n* " + m)
	}
	return b.String()
}

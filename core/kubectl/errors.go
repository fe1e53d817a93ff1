package kubectl

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// env is one kubectl invocation: the cluster, the streams and the parsed
// global flags.
type env struct {
	cluster Cluster
	in      Input
	out     io.Writer
	errOut  io.Writer

	cmd *command
	fs  *flagSet
	// namespace is -n or "default"; explicitNS is whether -n was given
	// (kubeconfig's Namespace(): the context has no namespace here).
	namespace  string
	explicitNS bool
	// requestTimeout is --request-timeout (0 = none).
	requestTimeout int64 // seconds
	// warned holds the API server warnings already printed: kubectl's
	// warning handler deduplicates them (WarningWriterOptions.Deduplicate).
	warned map[string]bool
}

// touch notes a request on kind k: a deprecated kind's warning goes to
// stderr, once per command, as kubectl prints the API server's Warning
// headers ("Warning: v1 Endpoints is deprecated in v1.33+; ...").
func (e *env) touch(k *api.KindInfo) {
	w := k.DeprecationWarning()
	if w == "" || e.warned[w] {
		return
	}
	if e.warned == nil {
		e.warned = map[string]bool{}
	}
	e.warned[w] = true
	fmt.Fprintf(e.errOut, "Warning: %s\n", w)
}

// errExit is cmdutil.ErrExit: exit 1 without printing anything more.
var errExit = errors.New("exit")

// exitCodeError ends kubectl with a given code after printing its message
// (exec's "command terminated with exit code N").
type exitCodeError struct {
	msg  string
	code int
}

func (e *exitCodeError) Error() string { return e.msg }

// aggregate is utilerrors.Aggregate: several errors, printed one per line.
type aggregate []error

func (a aggregate) Error() string {
	msgs := make([]string, len(a))
	for i, err := range a {
		msgs[i] = err.Error()
	}
	if len(msgs) == 1 {
		return msgs[0]
	}
	return "[" + strings.Join(msgs, ", ") + "]"
}

// newAggregate is utilerrors.NewAggregate: nil for no errors.
func newAggregate(errs []error) error {
	var out aggregate
	for _, err := range errs {
		if err != nil {
			out = append(out, err)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// usageErrorf is cmdutil.UsageErrorf.
func usageErrorf(c *command, format string, a ...any) error {
	return fmt.Errorf("%s\nSee '%s -h' for help and examples", fmt.Sprintf(format, a...), c.path())
}

// fail prints err as kubectl's CheckErr does and returns the exit code.
func (e *env) fail(err error) int {
	if err == nil {
		return 0
	}
	if err == errExit {
		return 1
	}
	var ec *exitCodeError
	if errors.As(err, &ec) {
		if ec.msg != "" {
			io.WriteString(e.errOut, withNewline(ec.msg))
		}
		return ec.code
	}
	if agg, ok := err.(aggregate); ok {
		if len(agg) == 1 {
			return e.fail(agg[0])
		}
		// checkErr for an Aggregate: cmdutil.MultipleErrors, each error's
		// StandardErrorMessage or else its bare text, one per line (a
		// single error gets "error: ", several do not).
		var lines []string
		for _, err := range agg {
			msg := err.Error()
			if _, ok := apiserver.AsStatusError(err); ok {
				msg = apiserver.KubectlMessage(err)
			}
			lines = append(lines, strings.TrimSuffix(msg, "\n"))
		}
		io.WriteString(e.errOut, withNewline(strings.Join(lines, "\n")))
		return 1
	}
	io.WriteString(e.errOut, withNewline(errorMessage(err)))
	return 1
}

// errorMessage is StandardErrorMessage, falling back to "error: " + the
// error's text (cmdutil.checkErr's default case).
func errorMessage(err error) string {
	if _, ok := apiserver.AsStatusError(err); ok {
		return apiserver.KubectlMessage(err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "error: ") {
		msg = "error: " + msg
	}
	return msg
}

func withNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// addSourceToErr is cmdutil.AddSourceToErr: an error about an object read
// from a file names the file. A status error stays one, with the longer
// message, so kubectl still prints "Error from server (Reason): ...".
func addSourceToErr(verb, source string, err error) error {
	if source == "" || err == nil {
		return err
	}
	if se, ok := apiserver.AsStatusError(err); ok {
		cp := *se
		cp.Message = fmt.Sprintf("error when %s %q: %s", verb, source, se.Message)
		return &cp
	}
	return fmt.Errorf("error when %s %q: %v", verb, source, err)
}

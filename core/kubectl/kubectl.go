package kubectl

import (
	"bytes"
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Cluster is the environment kubectl runs against: the API server, the
// virtual clock and a way to let time pass. core/sim implements it for the
// full default cluster; the tests implement it over cluster.Cluster.
type Cluster interface {
	// Server is the API server every command talks to.
	Server() *apiserver.Server
	// Now is the virtual time (AGE columns, restartedAt, events).
	Now() time.Time
	// Tick advances one simulated second and lets the cluster settle.
	// Blocking commands call it; an error ends the command.
	Tick() error
	// ContainerEnv is the environment of a running container's process,
	// in the order `env` prints it (PATH, HOSTNAME, the pod's variables,
	// the service variables, the image's, HOME), as the kubelet computes
	// it. It backs `kubectl exec POD -- env`. The error text is printed
	// after "error: " (for example `unable to upgrade connection:
	// container not found ("nginx")` for a container not yet started).
	ContainerEnv(namespace, pod, container string) ([]api.EnvVar, error)
}

// DefaultMaxWait bounds every blocking command when neither its own
// condition nor a --timeout ends it first: 3600 simulated seconds, enough
// for a rollout to hit the default 600 s progress deadline.
const DefaultMaxWait = 3600 * time.Second

// Input is what a command line may read besides the cluster.
type Input struct {
	// Files are the files -f NAME can name, by name (the scenario's
	// archive, the page's editor tabs). A name not here "does not exist".
	Files map[string]string
	// Stdin is what -f - reads.
	Stdin string
	// MaxWait caps how much simulated time one blocking command may
	// spend (0 = DefaultMaxWait). Reaching it ends the command as its
	// own timeout would.
	MaxWait time.Duration
}

// Result is what a command printed and how it exited.
type Result struct {
	Stdout string
	Stderr string
	// Output is stdout and stderr interleaved in the order they were
	// written, as a terminal shows them.
	Output   string
	ExitCode int
}

// Run parses line (a shell command line starting with "kubectl") and runs it.
func Run(c Cluster, line string, in Input) Result {
	var out, errOut, all bytes.Buffer
	code := Exec(c, line, in, io.MultiWriter(&out, &all), io.MultiWriter(&errOut, &all))
	return Result{Stdout: out.String(), Stderr: errOut.String(), Output: all.String(), ExitCode: code}
}

// Exec is Run writing to stdout and stderr as the command goes, so a caller
// can show the lines of a blocking command as they come. It returns the
// exit code.
func Exec(c Cluster, line string, in Input, stdout, stderr io.Writer) int {
	words, err := ParseCommandLine(line)
	if err != nil {
		io.WriteString(stderr, err.Error()+"\n")
		return 2
	}
	if len(words) == 0 {
		return 0
	}
	if words[0] != "kubectl" {
		io.WriteString(stderr, shellName+": "+words[0]+": command not found\n")
		return 127
	}
	return ExecArgs(c, words[1:], in, stdout, stderr)
}

// shellName prefixes the shell's own errors, as bash does.
const shellName = "bash"

// ExecArgs runs kubectl with already split arguments (without "kubectl").
func ExecArgs(c Cluster, args []string, in Input, stdout, stderr io.Writer) int {
	e := &env{cluster: c, in: in, out: stdout, errOut: stderr}
	if e.in.MaxWait <= 0 {
		e.in.MaxWait = DefaultMaxWait
	}
	return e.execute(args)
}

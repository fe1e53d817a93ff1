package scenario

import (
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/sim"
)

// The standard cluster is what the kubectl layer runs against.
var _ kubectl.Cluster = (*sim.Sim)(nil)

// kubectl runs a kubectl line with the scenario's files. Output is what
// the terminal shows: stdout and stderr in the order the command wrote them
// (kubectl writes its result to stdout and its errors and warnings to
// stderr). The command takes no simulated time unless it blocks (rollout
// status, get -w, wait).
//
// What it sets off is settled by Next (in a real cluster the controllers
// react within milliseconds, long before the next command is typed, so
// `kubectl apply` followed by `kubectl get rs` shows the new ReplicaSet),
// or, when a step follows, left for the steps.
func (r *Runner) kubectl(c Command, res *Result) error {
	out := kubectl.Run(r.sim, c.Text, kubectl.Input{Files: r.files})
	res.Stdout, res.Stderr, res.Output, res.ExitCode = out.Stdout, out.Stderr, out.Output, out.ExitCode
	return nil
}

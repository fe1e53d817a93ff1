// Package kubectl is the playground's kubectl: it parses a command line the
// way a shell and kubectl (cobra and pflag) do, runs the command against the
// simulated cluster and prints what kubectl v1.37 prints, byte for byte, with
// kubectl's exit codes.
//
// The entry points are Run (the whole transcript as strings) and Exec (the
// same, streaming to writers). Both take a Cluster, a small interface over
// whatever assembled the simulation, so this package does not depend on how
// the controllers, the scheduler and the kubelets are wired.
//
// Blocking commands (rollout status, get --watch, wait, delete --wait, drain,
// logs TYPE/NAME while the object has no pods)
// advance simulated time through Cluster.Tick and are always bounded: by
// their own end condition, by --timeout / --request-timeout, and at most by
// Input.MaxWait simulated seconds (DefaultMaxWait). Nothing here reads the
// wall clock or starts a goroutine.
//
// The simulated containers write no output: `kubectl logs` prints nothing
// for a log that exists and upstream's errors for one that does not, and
// -f/--follow, which cannot stream here, prints the log as it is and
// returns. The cluster runs no metrics-server: `kubectl top` answers
// "Metrics API not available", as on a kind cluster.
//
// Files, one job each, citing the kubectl source they model:
//
//	kubectl.go      Cluster, Input, Result, Run, Exec
//	shell.go        ParseCommandLine: quotes, escapes, comments
//	flags.go        pflag: long, short and combined flags, "--", errors
//	command.go      cobra: the command tree, Find, suggestions, help
//	root.go         kubectl's commands and global flags (pkg/cmd/cmd.go)
//	errors.go       cmdutil.CheckErr: how errors reach stderr, exit codes
//	resource.go     cli-runtime's resource.Builder: TYPE NAME, TYPE/NAME, -l, --all
//	files.go        -f FILE and -f -: reading and decoding manifests
//	blocking.go     the simulated-time loop behind every blocking command
//	patchutil.go    set.CalculatePatch, the name printer, --record
//	dryrun.go       --dry-run (cmdutil.GetDryRunStrategy)
//	diff.go         kubectl diff: LIVE and MERGED through unidiff (GNU diff -u -N)
//	apply.go create.go replace.go delete.go expose.go get.go watch.go
//	describe.go rollout*.go scale.go set_image.go set_resources.go
//	annotate.go label.go patch.go drain.go exec.go wait.go version.go
//	apiresources.go logs.go top.go
//	                one command each
package kubectl

// Package scenario is the playground's scenario format and its runner: what
// the page's examples menu loads, what scripts/play runs headless, and what
// the golden tests replay.
//
// A scenario is a txtar archive (golang.org/x/tools/txtar). Its comment
// section is the script, one command a line; its files are the manifests the
// script names (`kubectl apply -f web.yaml`). Blank lines and lines starting
// with # are ignored; the comment block the script opens with is the
// scenario's description (Scenario.Doc, whose first line is its Title).
// The commands:
//
//	kubectl ARGS...      a kubectl command line (core/kubectl); -f NAME reads the archive's file NAME
//	tick [N|DURATION]    advance N simulated seconds (default 1): tick 30, tick 5m
//	step [N]             run N single reconciles (default 1)
//	seed N               the cluster's seed; only before the first kubectl, tick, step or node line
//	image REF [OPT...]   give an image a behaviour, replacing any earlier one:
//	                     pull=DUR start=DUR stop=DUR (timings; 0s is instant),
//	                     crash=DUR [exit=CODE], ready=DUR (slow start), unhealthy=DUR,
//	                     missing, unready, ignore-sigterm, fail-poststart, fail-prestop,
//	                     like=REF (a new image behaving like a known one)
//	image * [pull=DUR] [start=DUR] [stop=DUR]
//	                     the default timings of every image
//	node add NAME [cpu=Q memory=Q pods=Q label=K=V taint=K[=V]:EFFECT unschedulable=BOOL]
//	node fail|recover|delete NAME
//
// Parse checks the whole script before anything runs: an unknown verb, a bad
// argument, a file -f names that the archive lacks, or a seed after the
// cluster has started is an Error naming its line ("web.txtar:7: unknown
// verb "tik"; did you mean "tick"?"); Parse reports every bad line as an
// ErrorList.
//
// Run executes a parsed scenario on a fresh standard cluster (core/sim) and
// returns a Transcript: per command its line, its output (stdout and stderr
// as a terminal interleaves them), its exit code, the tick after it and the
// controllers' decision records made while it ran. Simulated time passes
// only in tick, step and the kubectl commands that wait (rollout status,
// get -w, wait); any other kubectl command takes no time, and the
// controllers act on it at the next tick, as on the page's console. A
// failing kubectl command is part of the transcript; only a command the
// cluster cannot carry out (failing a node that does not exist) stops the
// run, with an Error naming its line. Runner runs a scenario one command at
// a time.
//
// Transcript.Text renders a run as scripts/play prints it ("$ LINE", then
// the output; with explain the decision records, indented); Transcript.JSON
// as JSON Lines.
//
// Like all of core/, the package does no I/O: files come in as bytes.
//
//	parse.go   Parse, Scenario, Command and the checks of each verb
//	image.go   the image verb: ImageSpec and its options
//	controlplane.go  the controller-manager verb
//	suggest.go "did you mean" for a misspelt verb or option
//	translate.go  a scenario's translated descriptions
//	words.go   the files a kubectl line reads with -f
//	run.go     Run, Runner, Result, Transcript
//	kubectl.go running a kubectl line on the cluster
//	format.go  Text and JSON
package scenario

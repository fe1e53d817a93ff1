// Package lesson is the playground's lesson format: a scenario (core/scenario)
// cut into an introduction, ordered steps and a finish page, each step with
// its prose, the commands the learner is asked to try, hints, a reference
// solution and checks on the cluster's state. It has the shape of a
// Killercoda scenario (intro, steps with text and a verify check, finish)
// and of a Katacoda one (an answer per step, a reason when a check fails).
//
// A lesson is a txtar archive. Its script mixes the scenario's commands
// (the setup, run when the lesson opens) with the lesson's directives; its
// files are the Markdown pages and the manifests:
//
//	link URL          the kubernetes.io page the lesson teaches
//	intro FILE        the page shown first
//	keep CHECK        (before the first step) a check that holds after the setup
//	step TITLE        starts a step (`step` or `step N` alone is the scenario's verb)
//	text FILE         the step's page
//	try LINE          a command the learner is asked to type (click-to-paste)
//	hint TEXT         a hint (revealed one at a time), inline Markdown
//	solve LINE        a line of the reference solution (any scenario command)
//	check CHECK       a check the step must turn from unmet to met
//	keep CHECK        a check that must hold after the step (it may hold before)
//	finish FILE       the page shown at the end
//
// The solve and try lines and the setup go through the scenario parser at
// their own line numbers, so they mean and check exactly what a scenario's
// lines do. Parse reports every bad line with its position (an ErrorList of
// scenario.Error). A check only reads the cluster; Check.Eval says in plain
// words what it saw. Verify replays the setup and the solutions the way the
// page's console runs them (a kubectl command's work waits for the next
// command or tick) and says which checks did not behave.
//
// Like all of core/, the package does no I/O: files come in as bytes.
//
//	lesson.go    Lesson, Step and the reference run
//	parse.go     Parse: directives, script lines, pages
//	check.go     the check language: ParseCheck
//	eval.go      Check.Eval and the plain-words reasons
//	match.go     the hand-written pattern matcher of `matches` (no regexp in the wasm build)
//	markdown.go  the Markdown subset of the pages: Prose, Block, Inline
//	verify.go    Verify and its Report, what `play --check` prints
package lesson

// Package lesson is the playground's lesson format: a scenario (core/scenario)
// cut into an introduction, ordered steps and a finish page, each step with
// its prose, the commands the learner is asked to try, hints, a reference
// solution and checks on the cluster's state. It has the shape of a
// Killercoda scenario (intro, steps with text and a verify check, finish)
// and of a Katacoda one (an answer per step, a reason when a check fails).
//
// A lesson is a txtar archive. Its script mixes the scenario's commands
// (the setup, run when the lesson opens) with the lesson's directives:
//
//	link URL          the kubernetes.io page the lesson teaches
//	intro FILE        the Markdown file shown first
//	step TITLE        starts a step (`step` or `step N` alone is the scenario's verb)
//	text FILE         the step's Markdown
//	try LINE          a command the learner is asked to type (click-to-paste)
//	hint TEXT         a hint (revealed one at a time), inline Markdown
//	solve LINE        a line of the reference solution (any scenario command)
//	check CHECK       a check the step must turn from unmet to met
//	keep CHECK        a check that must hold after the step (it may hold before)
//	finish FILE       the Markdown file shown at the end
//
// The check language is in check.go; Markdown (a small subset) in
// markdown.go; the hand-written pattern matcher of `matches` in match.go;
// Verify, which `play --check` runs, in verify.go.
//
// Like all of core/, the package does no I/O: files come in as bytes.
package lesson

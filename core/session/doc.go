// Package session is the state the playground's page drives: a seed, the
// files kubectl -f can name, a command log, the live cluster at the head of
// the timeline, the tick being looked at, and a bounded history of views.
// It is pure Go like the rest of core/ (no JavaScript bindings, no goroutines, no
// wall clock); wasm/ binds it to JavaScript and the tests drive it natively.
//
//	s, _ := session.New(1)
//	s.Apply(editorText)             // decode errors come back positioned
//	s.Run("kubectl get rs")         // any console line
//	s.Tick(10); s.Step()            // the transport bar
//	s.Back(); s.Jump(3)             // time travel
//	v := s.View()                   // what the page draws at the cursor
//	link := s.Encode()              // the whole session as a URL fragment
//
// # The timeline
//
// Every command that changes the cluster is a line of the log, written in
// the scenario script language (kubectl ..., tick N, step N, image ...,
// node ...), with the tick it started and ended at. The editor's text is
// applied as a file, editor-N.yaml, with "kubectl apply -f editor-N.yaml".
// The log, the seed and the files are the whole session: replaying the log
// on a fresh cluster with the same seed gives the same cluster tick for
// tick, so Encode needs nothing else, and the encoded form (Script) is a
// scenario that scripts/play can run.
//
// The view of tick N is the cluster after the last command that ended at N
// (or, inside a blocking kubectl command such as rollout status, right after
// its N-th tick: the session routes the ticks of such commands through
// itself and sees each one).
//
// Looking at an earlier tick (Back, Jump), Tick moves along the recorded
// timeline like a video and extends it only past its end; a read-only
// kubectl command (get, describe, rollout history, ...) runs against a
// cluster replayed to the tick shown; any other command first discards the
// future: the log is cut at the tick shown (a tick N or a blocking command
// running across it is cut short, the latter by a MaxWait), the cluster is
// rebuilt by replaying the cut log, and the command runs there.
//
// # History
//
// Views of the last HistoryLimits.Recent ticks are kept, and of every
// Every-th older tick; a view not kept is rebuilt by replay (with its
// neighbours, so stepping back through old ticks replays once per
// checkpoint interval). Views share the Pod values that did not change
// between ticks, and a budget counted in objects caps the total. A view
// served from the history and one rebuilt by a fresh replay encode to the
// same JSON bytes; the tests check it.
//
// # Files
//
//	session.go  Session: Run, Apply, Tick, Step, Back, Jump, Reset, View, the
//	            timeline (branch, replay, cutLog)
//	log.go      Entry and the console line parser; read-only commands
//	world.go    one cluster and what the session follows of it; executing an
//	            entry (kubectl through core/kubectl, the other verbs through
//	            core/scenario's runner)
//	view.go     the View schema; build.go builds it from the informer caches,
//	            build_objects.go each object's part of it
//	events.go   the event stream, followed by a watch
//	chart.go    the replica history per ReplicaSet
//	history.go  the bounded view history
//	apply.go    the editor's apply and its positioned errors
//	share.go    Load (scenarios), Script, Encode and Decode (share links)
//	complete.go console Tab completion
package session

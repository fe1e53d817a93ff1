//go:build js && wasm

package main

import (
	"encoding/json"

	"github.com/hack-pad/safejs"
	"github.com/kubeplay/kubeplay/assets/menu"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/session"
)

// bridge holds the one session of the page.
type bridge struct {
	s *session.Session
	// sent are the pods of the last view sent, the base of view("delta").
	sent []*session.Pod
}

// The answer kinds of an op, which tell the worker what to do with it.
const (
	// resultValue: a plain value (a string, a number), passed on as is.
	resultValue = "value"
	// resultJSON: JSON text, which the worker parses.
	resultJSON = "json"
)

// The effects of an op on the view the page shows.
const (
	// viewKept: the op changes nothing the page draws.
	viewKept = ""
	// viewAfter: the op may change the tick shown or the cluster; the
	// worker sends view("delta") with its answer.
	viewAfter = "after"
	// viewIsResult: the op answers with the view itself (JSON text),
	// which the worker sends as the view.
	viewIsResult = "result"
)

// An op is one function of globalThis.kubeplay: its call and what it does,
// what kind of answer it gives and how it changes the view. The table is
// the one list of the operations: export installs it, ops() hands its
// kinds to the worker (assets/worker.js), and the package comment points
// here.
type op struct {
	name, call, doc string
	result          string // resultValue or resultJSON
	view            string // viewKept, viewAfter or viewIsResult
	// session: the op changes the session, which the worker then keeps,
	// encoded, as the last good state (the page's crash recovery).
	session bool
	fn      handler
}

// opInfo is what the worker learns of an op.
type opInfo struct {
	Result  string `json:"result"`
	View    string `json:"view,omitempty"`
	Session bool   `json:"session,omitempty"`
}

func (b *bridge) ops() []op {
	ops := []op{
		{name: "version", call: "version()", doc: "the build's version string", result: resultValue,
			fn: func([]safejs.Value) (any, error) { return version, nil }},
		{name: "create", session: true, call: "create(seed)", doc: "a new session on a fresh cluster; returns the head view",
			result: resultJSON, view: viewIsResult, fn: b.create},
		{name: "reset", session: true, call: "reset(seed)", doc: "the same, keeping nothing of the old session",
			result: resultJSON, view: viewIsResult, fn: b.create},
		{name: "run", session: true, call: "run(line)", doc: "a console line; returns an Output", result: resultJSON, view: viewAfter,
			fn: b.withString(func(s *session.Session, line string) (any, error) {
				return jsonString(s.Run(line))
			})},
		{name: "apply", session: true, call: "apply(text)", doc: "the editor's text; returns an ApplyResult", result: resultJSON, view: viewAfter,
			fn: b.withString(func(s *session.Session, text string) (any, error) {
				return jsonString(s.Apply(text))
			})},
		{name: "diff", call: "diff(text)", doc: "what applying it would change (kubectl diff), changing nothing; returns an ApplyResult",
			result: resultJSON, view: viewAfter,
			fn: b.withString(func(s *session.Session, text string) (any, error) {
				return jsonString(s.Diff(text))
			})},
		{name: "tick", session: true, call: "tick(n)", doc: "let n simulated seconds pass; returns an Output", result: resultJSON, view: viewAfter,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				n, err := argInt(args, 0, 1)
				if err != nil {
					return nil, err
				}
				return jsonString(s.Tick(n))
			})},
		{name: "settle", session: true, call: "settle()", doc: "run ahead until the cluster settles, the tick shown kept; returns a Settled",
			result: resultJSON, view: viewAfter,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				return jsonString(s.Settle())
			})},
		{name: "landmarks", call: "landmarks()", doc: "the timeline's landmarks (commands, rollouts, failures, nodes) for the slider; returns a Landmark[]",
			result: resultJSON,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				return jsonString(s.Landmarks())
			})},
		{name: "decisionTick", call: "decisionTick(from, dir, controller, object)",
			doc:    "the nearest tick before (dir -1) or after (dir 1) from with a decision, narrowed to a controller and an object unless \"\"; returns {tick, found}",
			result: resultJSON,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				from, err := argInt(args, 0, 0)
				if err != nil {
					return nil, err
				}
				dir, err := argInt(args, 1, 1)
				if err != nil {
					return nil, err
				}
				ctl, err := argString(args, 2)
				if err != nil {
					return nil, err
				}
				obj, err := argString(args, 3)
				if err != nil {
					return nil, err
				}
				tick, ok := s.DecisionTick(int64(from), dir, ctl, obj)
				return jsonString(struct {
					Tick  int64 `json:"tick"`
					Found bool  `json:"found"`
				}{tick, ok})
			})},
		{name: "step", session: true, call: "step()", doc: "one reconcile; returns an Output", result: resultJSON, view: viewAfter,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				return jsonString(s.Step())
			})},
		{name: "back", session: true, call: "back()", doc: "one tick back; returns the tick shown (number)", result: resultValue, view: viewAfter,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				s.Back()
				return float64(s.Cursor()), nil
			})},
		{name: "jump", session: true, call: "jump(tick)", doc: "show any tick, running the cluster to it if needed; returns an Output",
			result: resultJSON, view: viewAfter,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				n, err := argInt(args, 0, 0)
				if err != nil {
					return nil, err
				}
				return jsonString(s.Jump(int64(n)))
			})},
		{name: "view", call: "view(mode)", doc: `the View of the tick shown; view("delta") may send its pods as a patch over the last view sent (View.JSONDelta)`,
			result: resultJSON, view: viewIsResult,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				mode, _ := argString(args, 0)
				return b.viewJSON(s, mode == "delta")
			})},
		{name: "load", session: true, call: "load(name, text)", doc: "a scenario archive; returns a LoadResult", result: resultJSON, view: viewAfter,
			fn: b.withNameText(func(s *session.Session, name, text string) (any, error) {
				return loadResult(s.Load(name, []byte(text)))
			})},
		{name: "example", session: true, call: "example(name, lang)", doc: `an embedded example scenario, by name; returns a LoadResult, its title and doc in lang (default "en"; its "lang" says which it got)`,
			result: resultJSON, view: viewAfter,
			fn: b.withNameLang(func(s *session.Session, name, lang string) (any, error) {
				data, file, err := example(name)
				if err != nil {
					return nil, err
				}
				r, err := s.Load(file, data)
				if r != nil {
					localExample(r, name, lang)
				}
				return loadResult(r, err)
			})},
		{name: "scenarios", call: "scenarios(lang)", doc: `the embedded examples: [{name, title, lang, files}], the titles in lang (default "en")`, result: resultJSON,
			fn: listIn(func(lang string) (any, error) { return menu.Examples(lang) })},
		{name: "lessons", call: "lessons(lang)", doc: `the embedded lessons in teaching order: [{name, title, lang}], the titles in lang (default "en")`, result: resultJSON,
			fn: listIn(func(lang string) (any, error) { return menu.Lessons(lang) })},
		{name: "lesson", session: true, call: "lesson(name, lang)", doc: `opens an embedded lesson, by name, in lang (default "en"; lesson.lang says which it got); returns a LessonResult (its setup's load, the lesson, the solutions)`,
			result: resultJSON, view: viewAfter,
			fn: b.withNameLang(func(s *session.Session, name, lang string) (any, error) {
				l, err := embeddedLesson(name, lang)
				if err != nil {
					return nil, err
				}
				return lessonResult(s.OpenParsedLesson(l, name))
			})},
		{name: "openLesson", session: true, call: "openLesson(name, text, lang, translation)",
			doc:    `opens a lesson archive (a trainer's own); with a translation (the text of its overlay LANG/NAME.txtar), in lang; returns a LessonResult`,
			result: resultJSON, view: viewAfter,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				name, text, err := argNameText(args)
				if err != nil {
					return nil, err
				}
				lang, err := argLang(args, 2)
				if err != nil {
					return nil, err
				}
				translation, err := argOptString(args, 3)
				if err != nil {
					return nil, err
				}
				l, err := ownLesson(name, text, lang, translation)
				if err != nil {
					return nil, err
				}
				return lessonResult(s.OpenParsedLesson(l, ""))
			})},
		{name: "checks", call: "checks(step)", doc: "the checks of the open lesson's step (0-based) at the tick shown: [{line, check, met, keep, saw, reason, output}]",
			result: resultJSON,
			fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				step, err := argInt(args, 0, 0)
				if err != nil {
					return nil, err
				}
				return lessonChecks(s, step)
			})},
		{name: "draft", session: true, call: "draft(text)", doc: "keep the editor's text in the session (its share link and saved state); returns whether it was kept",
			result: resultValue,
			fn: b.withString(func(s *session.Session, text string) (any, error) {
				return s.SetDraft(text), nil
			})},
		{name: "encode", call: "encode()", doc: "the session as a share-link string", result: resultValue,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				return s.Encode(), nil
			})},
		{name: "decode", session: true, call: "decode(state, lang)",
			doc:    `a share-link string; returns a LoadResult, or a LessonResult (in lang, default "en") when it was taken inside an embedded lesson`,
			result: resultJSON, view: viewAfter,
			fn: b.withNameLang(func(s *session.Session, state, lang string) (any, error) {
				return decoded(s, state, lang)
			})},
		{name: "script", call: "script()", doc: "the session as a scenario archive (text)", result: resultValue,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				return string(s.Script()), nil
			})},
		{name: "transcript", call: "transcript()", doc: "what each logged command printed: [Output]", result: resultJSON,
			fn: b.session(func(s *session.Session, _ []safejs.Value) (any, error) {
				t := s.Transcript()
				if t == nil {
					t = []session.Output{}
				}
				return jsonString(t)
			})},
		{name: "object", call: "object(kind, ns, name)", doc: "a deployment, replicaset, service, pod, node, configmap, secret or persistentvolumeclaim at the tick shown: its describe output and YAML; returns an ObjectDetail",
			result: resultJSON, fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				var words [3]string
				for i := range words {
					w, err := argString(args, i)
					if err != nil {
						return nil, err
					}
					words[i] = w
				}
				d, err := s.Object(words[0], words[1], words[2])
				if err != nil {
					return nil, err
				}
				return jsonString(d)
			})},
		{name: "pod", call: "pod(ns, name)", doc: "a pod at the tick shown: its describe output, YAML and its kubelet's CRI calls; returns a PodDetail",
			result: resultJSON, fn: b.session(func(s *session.Session, args []safejs.Value) (any, error) {
				ns, err := argString(args, 0)
				if err != nil {
					return nil, err
				}
				name, err := argString(args, 1)
				if err != nil {
					return nil, err
				}
				d, err := s.Pod(ns, name)
				if err != nil {
					return nil, err
				}
				return jsonString(d)
			})},
		{name: "complete", call: "complete(line)", doc: "console completions of the line's last word: [string]", result: resultJSON,
			fn: b.withString(func(s *session.Session, line string) (any, error) {
				c := s.Complete(line)
				if c == nil {
					c = []string{}
				}
				return jsonString(c)
			})},
	}
	return append(ops, recoveryOps()...)
}

// handlers are the functions export installs: the ops, and ops() itself,
// which tells the worker each op's kind of answer and view effect.
func (b *bridge) handlers() map[string]handler {
	ops := b.ops()
	fns := map[string]handler{}
	info := map[string]opInfo{}
	for _, o := range ops {
		fns[o.name] = o.fn
		info[o.name] = opInfo{Result: o.result, View: o.view, Session: o.session}
	}
	fns["ops"] = func([]safejs.Value) (any, error) { return jsonString(info) }
	return fns
}

// create makes a new session: create(seed) and reset(seed). The seed is a
// number or a decimal string (for seeds past 2^53); none means the default.
func (b *bridge) create(args []safejs.Value) (any, error) {
	seed, err := argSeed(args, 0)
	if err != nil {
		return nil, err
	}
	s, err := session.New(seed)
	if err != nil {
		return nil, err
	}
	b.s = s
	return b.viewJSON(s, false)
}

// viewJSON is the view of the tick shown, as JSON text. With delta, and a
// view sent before, the pods may come as a patch over the pods of the view
// sent last (session.View.JSONDelta): the worker asks for that, as it
// forwards every view to the page in order.
func (b *bridge) viewJSON(s *session.Session, delta bool) (any, error) {
	v := s.View()
	var base []*session.Pod
	if delta {
		base = b.sent
	}
	data, _, err := v.JSONDelta(base)
	if err != nil {
		return nil, err
	}
	b.sent = v.Pods
	return string(data), nil
}

// session wraps a handler that needs a session, creating the default one
// on first use.
func (b *bridge) session(h func(*session.Session, []safejs.Value) (any, error)) handler {
	return func(args []safejs.Value) (any, error) {
		if b.s == nil {
			s, err := session.New(cluster.DefaultSeed)
			if err != nil {
				return nil, err
			}
			b.s = s
		}
		return h(b.s, args)
	}
}

// withString wraps a handler whose one argument is a string.
func (b *bridge) withString(h func(*session.Session, string) (any, error)) handler {
	return b.session(func(s *session.Session, args []safejs.Value) (any, error) {
		v, err := argString(args, 0)
		if err != nil {
			return nil, err
		}
		return h(s, v)
	})
}

// withNameText wraps a handler whose arguments are a file name and its
// text.
func (b *bridge) withNameText(h func(s *session.Session, name, text string) (any, error)) handler {
	return b.session(func(s *session.Session, args []safejs.Value) (any, error) {
		name, text, err := argNameText(args)
		if err != nil {
			return nil, err
		}
		return h(s, name, text)
	})
}

// withNameLang wraps a handler whose arguments are a name and a language
// (absent: English).
func (b *bridge) withNameLang(h func(s *session.Session, name, lang string) (any, error)) handler {
	return b.session(func(s *session.Session, args []safejs.Value) (any, error) {
		name, err := argString(args, 0)
		if err != nil {
			return nil, err
		}
		lang, err := argLang(args, 1)
		if err != nil {
			return nil, err
		}
		return h(s, name, lang)
	})
}

// listIn wraps a list whose one argument is a language, answered as JSON.
func listIn(list func(lang string) (any, error)) handler {
	return func(args []safejs.Value) (any, error) {
		lang, err := argLang(args, 0)
		if err != nil {
			return nil, err
		}
		v, err := list(lang)
		if err != nil {
			return nil, err
		}
		return jsonString(v)
	}
}

func jsonString(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// loadResult turns a load's outcome into JSON; a script error still returns
// what ran, with the error in "error".
func loadResult(r *session.LoadResult, err error) (any, error) {
	if r == nil {
		return nil, err
	}
	out := struct {
		*session.LoadResult
		Error string `json:"error,omitempty"`
	}{LoadResult: r}
	if err != nil {
		out.Error = err.Error()
	}
	return jsonString(out)
}

// recovery.js keeps the session when the core breaks. The core answers
// every bad input with an error, but a bug in it could still overflow the
// JavaScript engine's stack inside the wasm or stop the Go program, after
// which the worker is useless. So the page keeps the session's last good
// state (the share-link encoding the worker sends after every action that
// succeeded), in memory and in localStorage (an embed: only in memory, see dom.js), and when the core breaks it
// starts a new worker, restores that state and says which action broke
// it. The editor, the console and its history are the page's own and stay
// as they are. A reload, or a browser that crashed, restores the saved
// state the same way; a link or saved state that cannot be opened gives an
// empty session and a message, once: it is never retried.

import { t } from "./i18n.js";
import { store } from "./dom.js";
let good = null; // the last good state, encoded
let previous = null; // the one before it: the timeline an action may have discarded

// remember keeps state as the last good one.
export function remember(state) {
  if (state !== good) previous = good;
  good = state;
  store.set("session", state); // private mode or full: memory still has it
}

// previousState is the state before the last action's, or null: when
// that action discarded the future, the timeline it discarded.
export const previousState = () => previous;

// saved is the state a reload restores, or null.
export const saved = () => store.get("session");

// forget drops the saved state, so what cannot be restored is not tried again.
export function forget() {
  good = null;
  store.remove("session");
  store.remove("view");
}

// A reload waits about a second for the core before it can show the saved
// session, so the page also keeps the last view it showed, beside the state
// it showed, when it is left (keepView, on pagehide); the reload draws it at
// once, marked as restoring, and the core's own answer replaces it (app.js).
// It is kept only while small (a big cluster's view would crowd the few
// megabytes of localStorage the session, the editor's text and the history
// share) and is drawn only by the same build (another core may draw the same
// state differently) over the same saved state.
const viewLimit = 256 * 1024; // characters of JSON

// keepView keeps v, the view shown, for a reload of build; a view too big,
// or no build or state to tie it to, drops the one kept before.
export function keepView(build, v) {
  const kept = build && v && good ? JSON.stringify({ build, state: good, view: v }) : "";
  if (kept && kept.length <= viewLimit) store.set("view", kept);
  else store.remove("view");
}

// savedView is the view kept for state by build, or null.
export function savedView(build, state) {
  try {
    const k = JSON.parse(store.get("view"));
    return k && build && k.build === build && k.state === state && k.view && typeof k.view === "object" ? k.view : null;
  } catch {
    return null;
  }
}

// describe names an action for a message, in the page's language: the
// console line, or the button.
export function describe(op, args = []) {
  const names = {
    apply: () => t("action.apply"), diff: () => t("action.diff"), step: () => t("action.step"), back: () => t("action.back"),
    reset: () => t("action.reset"), decode: () => t("action.decode"), load: () => t("action.load"),
    example: () => t("action.example", { name: args[0] }),
    tick: () => `tick ${args[0] ?? 1}`,
    jump: () => t("action.jump", { tick: args[0] }),
  };
  if (op === "run") {
    const line = String(args[0] ?? "");
    return `"${line.length > 120 ? `${line.slice(0, 117)}...` : line}"`;
  }
  return names[op] ? names[op]() : op;
}

// clean is an error message without the bridge's "kubeplay.op: " and a
// final full stop, to follow a colon.
const clean = (msg) => String(msg).replace(/^kubeplay\.\w+: /, "").replace(/\.$/, "");

// makeRecovery returns recover(action, error, stopped), which replaces a
// broken core (or, stopped, one busy with an action the person cancelled): restart() starts a new worker (rejecting what the old one had in
// flight), rpc calls the new one, print writes to the console. It restores
// the last good state or, failing that, an empty session; it never
// restores a state twice in a row, so a state that itself breaks the core
// ends in an empty session instead of a loop.
export function makeRecovery({ restart, rpc, print }) {
  let busy = false;
  return async function recover(action, error, stopped = false) {
    if (busy) return;
    busy = true;
    try {
      restart();
      const state = good;
      if (state) {
        try {
          const r = await rpc("decode", state);
          if (r.error) throw new Error(r.error);
          print(stopped ? t("recovery.stopped", { action, error }) : t("recovery.broke", { action, error: clean(error) }), "err");
          print(t("recovery.restored", { tick: r.cursor, head: r.head }), "note");
          return;
        } catch (err) {
          forget();
          if (err.crashed || err.restarted) restart();
        }
      }
      await rpc("create", 1);
      print(stopped ? t("recovery.stopped", { action, error }) : t("recovery.broke", { action, error: clean(error) }), "err");
      print(t("recovery.empty"), "note");
    } finally {
      busy = false;
    }
  };
}

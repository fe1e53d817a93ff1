// rpc.js talks to the core, which runs in worker.js: it starts the
// worker, sends each request with an id and settles its promise from the
// answer. What an answer carries beside its result (the view to draw, the
// session's state to keep) and the worker's own messages (progress, ready,
// fatal) go to the handlers the page registers with onWorker.

const handlers = { view() {}, early() {}, state() {}, event() {}, crash() {} };
let early = null; // answers a request before the core is ready (prerender.js)
let coreReady = false;
let held = 0; // requests answered early whose core answer is still to come
let worker;
let nextId = 1;
const pending = new Map();
let inFlight = 0;
let lastCall = null; // the last request sent, which a crash is blamed on if none is waiting

// How long the last answer took: in the core (worker), parsing, drawing,
// and of the drawing the pod patch and each drawer by name (ms; view.js).
export const timings = { core: 0, parse: 0, draw: 0 };

// onWorker sets the handlers: view(json, ms, hold) for a view to draw
// (or, with hold, only to keep: a view answered early is ahead of it),
// early(view) for a view answered early (an object), state(s)
// for the session encoded after an action, event(m) for the worker's own
// messages, crash(op, args, error) for a call that broke the core.
export function onWorker(h) { Object.assign(handlers, h); }

// answerEarly sets f(op, args), which may answer a request before the
// core is ready with a view to draw at once (prerender.js); the request
// still goes to the core, whose answer the page then holds back until the
// last request answered early has its own, so nothing jumps back.
export function answerEarly(f) { early = f; }

// coreIsReady says whether the core has started; setCoreReady marks it.
export const coreIsReady = () => coreReady;
export function setCoreReady() { coreReady = true; }

// busy is the number of requests in flight, not counting those already
// answered early: the clock may run on over the prerender.
export const busy = () => inFlight - held;

export function rpc(op, ...args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const shown = !coreReady && early ? early(op, args) : null;
    pending.set(id, { resolve, reject, op, args, at: performance.now(), early: shown !== null });
    lastCall = { op, args };
    inFlight++;
    worker.postMessage({ id, op, args });
    if (shown !== null) {
      held++;
      handlers.early(shown);
    }
  });
}

// spawnWorker starts a worker for the core, replacing (and stopping) any
// earlier one: what that one had in flight is rejected as restarted.
export function spawnWorker() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.reject(Object.assign(new Error("the Kubeplay core was restarted"), { restarted: true }));
  pending.clear();
  inFlight = 0;
  held = 0;
  const w = new Worker("worker.js");
  w.onmessage = (e) => { if (w === worker) onMessage(e.data); };
  w.onerror = (e) => { if (w === worker) handlers.event({ type: "fatal", error: e.message || "the worker failed to start" }); };
  worker = w;
}

// broken says whether the current worker's core has failed; markBroken
// sets it, once per worker, so one crash that shows up twice (a call that
// threw, then the Go program's exit) is handled once.
export const broken = () => Boolean(worker && worker.broken);
export function markBroken() {
  if (!worker || worker.broken) return false;
  worker.broken = true;
  return true;
}

// oldest is the oldest request still waiting, or the last one sent.
export function oldest() { return pending.values().next().value || lastCall; }

function onMessage(m) {
  if (m.type) return handlers.event(m);
  const p = pending.get(m.id);
  pending.delete(m.id);
  inFlight--;
  if (p.early) held--;
  if (m.state) handlers.state(m.state);
  if (m.view) handlers.view(m.view, m.ms, held > 0);
  if (m.ok) return p.resolve(m.result);
  p.reject(Object.assign(new Error(m.error), { crashed: Boolean(m.crashed) }));
  if (m.crashed) handlers.crash(p.op, p.args, m.error);
}

// coreMessage is an error's message without the bridge's "kubeplay.op: ".
export const coreMessage = (err) => String(err.message).replace(/^kubeplay\.\w+: /, "");

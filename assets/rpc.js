// rpc.js talks to the core, which runs in worker.js: it starts the
// worker, sends each request with an id and settles its promise from the
// answer. What an answer carries beside its result (the view to draw, the
// session's state to keep) and the worker's own messages (progress, ready,
// fatal) go to the handlers the page registers with onWorker.

const handlers = { view() {}, state() {}, event() {}, crash() {} };
let worker;
let nextId = 1;
const pending = new Map();
let inFlight = 0;
let lastCall = null; // the last request sent, which a crash is blamed on if none is waiting

// How long the last answer took: in the core (worker), parsing, drawing (ms).
export const timings = { core: 0, parse: 0, draw: 0 };

// onWorker sets the handlers: view(json, ms) for a view to draw, state(s)
// for the session encoded after an action, event(m) for the worker's own
// messages, crash(op, args, error) for a call that broke the core.
export function onWorker(h) { Object.assign(handlers, h); }

// busy is the number of requests in flight.
export const busy = () => inFlight;

export function rpc(op, ...args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, op, args, at: performance.now() });
    lastCall = { op, args };
    inFlight++;
    worker.postMessage({ id, op, args });
  });
}

// spawnWorker starts a worker for the core, replacing (and stopping) any
// earlier one: what that one had in flight is rejected as restarted.
export function spawnWorker() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.reject(Object.assign(new Error("the Kubeplay core was restarted"), { restarted: true }));
  pending.clear();
  inFlight = 0;
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
  if (m.state) handlers.state(m.state);
  if (m.view) handlers.view(m.view, m.ms);
  if (m.ok) return p.resolve(m.result);
  p.reject(Object.assign(new Error(m.error), { crashed: Boolean(m.crashed) }));
  if (m.crashed) handlers.crash(p.op, p.args, m.error);
}

// coreMessage is an error's message without the bridge's "kubeplay.op: ".
export const coreMessage = (err) => String(err.message).replace(/^kubeplay\.\w+: /, "");

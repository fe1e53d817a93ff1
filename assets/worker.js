// worker.js runs the Kubeplay core (kubeplay.wasm) off the page's main
// thread, so a busy cluster never freezes the page. It is a classic worker
// because wasm_exec.js is a classic script.
//
// Protocol. The page posts {id, op, args}; the worker answers
// {id, ok: true, result, view, state} or {id, ok: false, error, crashed}.
// `result` is what
// globalThis.kubeplay[op](...args) returned (JSON text is parsed); `view` is
// the View JSON text of the tick shown after any op that can change it, so
// the page redraws from the same answer; `state` is the session encoded
// (a share link's state) after any op that changes it, the page's last
// good state to restore after a crash. `crashed` says the core itself
// failed (a call threw instead of returning, or the Go program exited):
// it cannot be trusted with another call. Before the core is ready the
// worker posts {type: "progress", loaded, total} while kubeplay.wasm
// downloads, then {type: "ready", version, scenarios, marks} or
// {type: "fatal", error}.
"use strict";

// What each op answers, how it changes the view and whether it changes the
// session, from the core's own table of ops (wasm/api.go): {op: {result:
// "json"|"value", view: "after"|"result"|undefined, session: true|undefined}}.
// Set once the core is ready.
let opInfo = {};

// exited is set once the Go program has stopped: every call after it
// would throw "Go program has already exited".
let exited = false;

// call runs one export. The core returns its errors (a Go error becomes a
// returned Error); an exception thrown out of the call is the core
// breaking (the JavaScript engine's stack overflowing inside the wasm, or
// the Go runtime dead), which leaves it unusable, so it is marked crashed.
function call(op, args) {
  const fn = globalThis.kubeplay && globalThis.kubeplay[op];
  if (typeof fn !== "function") throw crashed(new Error(exited ? "the Go program has exited" : `unknown operation ${op}`), exited);
  let r;
  try {
    r = fn(...args);
  } catch (err) {
    throw crashed(err instanceof Error ? err : new Error(String(err)), true);
  }
  if (r instanceof Error) throw r;
  return r;
}

function crashed(err, really) {
  err.crashed = really;
  return err;
}

function handle({ id, op, args = [] }) {
  const t0 = performance.now();
  try {
    let result = call(op, args);
    let view;
    const info = opInfo[op] || {};
    if (info.view === "result") {
      view = result; // these return the view itself
      result = undefined;
    } else {
      if (info.result === "json" && typeof result === "string") result = JSON.parse(result);
      // The pods may come as a patch over the last view sent (the page
      // draws every view in order, so it holds that one).
      if (info.view === "after") view = call("view", ["delta"]);
    }
    // After an op that changes the session, the session is kept, encoded,
    // as the last good state.
    const state = info.session ? call("encode", []) : undefined;
    postMessage({ id, ok: true, result, view, state, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err && err.message || err), crashed: Boolean(err && err.crashed) });
  }
}

// instantiateWasm fetches, compiles and instantiates the wasm module,
// compiling while it downloads (instantiateStreaming) and reporting the
// download's progress.
async function instantiateWasm(url, fetching, importObject, marks) {
  const response = await fetching;
  marks.fetched = at();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  // With Content-Encoding the length counts compressed bytes while the
  // stream yields decompressed ones: report no total then.
  const total = response.headers.has("Content-Encoding") ? 0 : Number(response.headers.get("Content-Length")) || 0;
  if (typeof WebAssembly.instantiateStreaming === "function") {
    // The progress counts a copy of the body: the response itself goes to
    // the compiler as fetched, so that the browser caches the compiled
    // code with it and a later visit skips compiling (a Response made here
    // would have no URL to cache it under).
    if (response.body && typeof response.clone === "function") countDownload(response.clone().body, total).catch(() => {});
    return WebAssembly.instantiateStreaming(response, importObject);
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), importObject);
}

// countDownload reads a copy of the wasm's body and posts the progress.
async function countDownload(body, total) {
  const reader = body.getReader();
  let loaded = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    if (loaded - last > 262144) {
      last = loaded;
      postMessage({ type: "progress", loaded, total });
    }
  }
  postMessage({ type: "progress", loaded, total: loaded });
}

// Times of the start-up steps (ms since the epoch: the page's clock has
// another origin), sent with "ready" for the page's performance marks.
const at = () => performance.timeOrigin + performance.now();

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error("This browser cannot run WebAssembly, which Kubeplay needs. Please use a current Firefox, Chrome, Edge or Safari.");
  }
  const marks = { workerStart: at() };
  const url = "kubeplay.wasm";
  const fetching = fetch(url); // first: the download is the long pole
  importScripts("wasm_exec.js");
  if (typeof Go !== "function") throw new Error("wasm_exec.js did not define Go");
  const go = new Go();
  const { instance } = await instantiateWasm(url, fetching, go.importObject, marks);
  marks.instantiated = at();
  go.run(instance).then(
    () => { exited = true; postMessage({ type: "fatal", crashed: true, error: "The Kubeplay core stopped." }); },
    (err) => { exited = true; postMessage({ type: "fatal", crashed: true, error: `The Kubeplay core crashed: ${err.message}` }); },
  );
  // main() has run up to its select{} by now: the exports are in place.
  if (typeof globalThis.kubeplay !== "object") throw new Error("the core did not export globalThis.kubeplay");
  marks.goStarted = at();
  opInfo = JSON.parse(call("ops", []));
  const scenarios = JSON.parse(call("scenarios", []));
  marks.listed = at();
  postMessage({ type: "ready", version: call("version", []), scenarios, marks });
}

// Requests that arrive before the core is ready wait for it.
const queue = [];
let ready = false;
onmessage = (e) => (ready ? handle(e.data) : queue.push(e.data));

start().then(() => {
  ready = true;
  for (const m of queue.splice(0)) handle(m);
}, (err) => postMessage({ type: "fatal", error: String(err && err.message || err) }));

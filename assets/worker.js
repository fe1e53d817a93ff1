// worker.js runs the Kubeplay core (kubeplay.wasm) off the page's main
// thread, so a busy cluster never freezes the page. It is a classic worker
// because wasm_exec.js is a classic script.
//
// Protocol. The page posts {id, op, args}; the worker answers
// {id, ok: true, result, view} or {id, ok: false, error}. `result` is what
// globalThis.kubeplay[op](...args) returned (JSON text is parsed); `view` is
// the View JSON text of the tick shown after any op that can change it, so
// the page redraws from the same answer. Before the core is ready the
// worker posts {type: "progress", loaded, total} while kubeplay.wasm
// downloads, then {type: "ready", version, scenarios} or
// {type: "fatal", error}.
"use strict";

// Ops whose answer carries the view of the tick shown afterwards.
const changesView = new Set([
  "create", "reset", "run", "apply", "tick", "step", "back", "jump", "view",
  "load", "example", "decode",
]);
// Ops whose result is JSON text.
const jsonResult = new Set([
  "create", "reset", "run", "apply", "tick", "step", "jump", "view", "load",
  "example", "decode", "scenarios", "transcript", "complete",
]);

function call(op, args) {
  const fn = globalThis.kubeplay && globalThis.kubeplay[op];
  if (typeof fn !== "function") throw new Error(`unknown operation ${op}`);
  const r = fn(...args);
  if (r instanceof Error) throw r;
  return r;
}

function handle({ id, op, args = [] }) {
  const t0 = performance.now();
  try {
    let result = call(op, args);
    let view;
    if (op === "view" || op === "create" || op === "reset") {
      view = result; // these return the view itself
      result = undefined;
    } else {
      if (jsonResult.has(op) && typeof result === "string") result = JSON.parse(result);
      if (changesView.has(op)) view = call("view", []);
    }
    postMessage({ id, ok: true, result, view, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err && err.message || err) });
  }
}

async function fetchWasm(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  // With Content-Encoding the length counts compressed bytes while the
  // stream yields decompressed ones: report no total then.
  const total = response.headers.has("Content-Encoding") ? 0 : Number(response.headers.get("Content-Length")) || 0;
  if (!response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    if (loaded - last > 65536) {
      last = loaded;
      postMessage({ type: "progress", loaded, total });
    }
  }
  postMessage({ type: "progress", loaded, total: loaded });
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes.buffer;
}

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    throw new Error("This browser cannot run WebAssembly, which Kubeplay needs. Please use a current Firefox, Chrome, Edge or Safari.");
  }
  importScripts("wasm_exec.js");
  if (typeof Go !== "function") throw new Error("wasm_exec.js did not define Go");
  const go = new Go();
  const bytes = await fetchWasm("kubeplay.wasm");
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance).then(
    () => postMessage({ type: "fatal", error: "The Kubeplay core stopped. Reload the page to restart it." }),
    (err) => postMessage({ type: "fatal", error: `The Kubeplay core crashed: ${err.message}` }),
  );
  // main() has run up to its select{} by now: the exports are in place.
  if (typeof globalThis.kubeplay !== "object") throw new Error("the core did not export globalThis.kubeplay");
  postMessage({ type: "ready", version: call("version", []), scenarios: JSON.parse(call("scenarios", [])) });
}

// Requests that arrive before the core is ready wait for it.
const queue = [];
let ready = false;
onmessage = (e) => (ready ? handle(e.data) : queue.push(e.data));

start().then(() => {
  ready = true;
  for (const m of queue.splice(0)) handle(m);
}, (err) => postMessage({ type: "fatal", error: String(err && err.message || err) }));

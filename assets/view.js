// view.js holds the View the page shows (core/session View: the cluster
// at one tick of the timeline) and hands each new one to the modules that
// draw it, in the order they registered.

import { rpc, timings } from "./rpc.js";
import { fail } from "./status.js";

let current = null; // the last View drawn
let sent = null; // the last View the core sent: the base of its pod patches
const drawers = [];

// view is the View shown, or null before the first.
export const view = () => current;

// onDraw registers a function that draws (part of) each new View.
export function onDraw(f) { drawers.push(f); }

// showView parses a View sent by the worker and draws it; with hold it
// only keeps it, as the base of the next patch (a view drawn from the
// prerender is ahead of it).
export function showView(json, ms, hold = false) {
  const t0 = performance.now();
  const v = JSON.parse(json);
  const t1 = performance.now();
  if (v.podPatch) patchPods(v);
  const t2 = performance.now();
  sent = v;
  if (hold) return;
  draw(v);
  timings.core = ms;
  timings.parse = t1 - t0;
  timings.patch = t2 - t1;
  timings.draw = performance.now() - t1;
}

// showPrerendered draws a View the build rendered (prerender.js).
export function showPrerendered(v) { draw(v); }

function draw(v) {
  const first = !current;
  current = v;
  for (const f of drawers) {
    // Each drawer's share of the draw, by name, for scripts/bench.
    const t0 = performance.now();
    f(v);
    timings[f.name] = performance.now() - t0;
  }
  if (first) performance.mark("kubeplay-first-view");
}

// patchPods fills in the pods of a view sent as a patch over the last view
// drawn (core/session View.JSONDelta): seq lists runs [start, count] of the
// pods held, which stay the same objects (so their markup is reused), and
// the pods that are new or changed, in order.
function patchPods(v) {
  const { base, n, seq } = v.podPatch;
  if (!sent || sent.pods.length !== base) {
    // Cannot happen while every view is kept in order; ask for all.
    v.pods = sent ? sent.pods : [];
    rpc("view").catch(fail);
    return;
  }
  const held = sent.pods;
  if (seq.length === 1 && Array.isArray(seq[0]) && seq[0][0] === 0 && seq[0][1] === held.length && n === held.length) {
    v.pods = held; // no pod changed: the same list, so its grouping is reused too
    return;
  }
  const pods = [];
  for (const e of seq) {
    if (Array.isArray(e)) for (let i = e[0], end = e[0] + e[1]; i < end; i++) pods.push(held[i]);
    else pods.push(e);
  }
  if (pods.length !== n) {
    v.pods = held;
    rpc("view").catch(fail);
    return;
  }
  v.pods = pods;
}

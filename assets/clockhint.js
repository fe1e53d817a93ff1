// clockhint.js says where the eye is that the clock is paused, whenever
// the cluster shown has work in progress (a rollout not finished, Pods
// starting or stopping) and nothing moves: a learner who has just pressed
// Apply otherwise waits for something to happen. It offers Run until
// settled.

import { $ } from "./dom.js";
import { isPlaying, onPlaying, runUntilSettled } from "./transport.js";
import { view } from "./view.js";

// Pods in these states have somewhere to go.
const moving = new Set(["pending", "terminating"]);

// unfinished says whether anything in v is still on its way: a Deployment
// whose Pods are not all updated and available, or a Pod starting or
// stopping.
function unfinished(v) {
  for (const d of v.deployments || []) {
    if (d.updated !== d.replicas || d.available !== d.replicas || d.current !== d.replicas) return true;
  }
  return (v.pods || []).some((p) => moving.has(p.state));
}

export function drawClockHint(v) {
  $("clock-hint").hidden = !v || isPlaying() || !v.live || !unfinished(v);
}

onPlaying(() => drawClockHint(view()));
$("clock-hint-settle").addEventListener("click", runUntilSettled);

// prerender.js answers the transport bar before the core is ready. A
// first visit opens a new session, whose first minute the build ran with
// the same core and wrote into index.html (scripts/build prerender.go):
// the page draws tick 0 at first paint, and Tick, Back, the slider, Home
// and End move over those views at once. Every request still goes to the
// worker, which runs them in order once the core is ready; the core's
// answers are the same views, byte for byte (wasm/prerender_test.go), so
// the page switches to them with no jump. The first request this cannot
// answer (a command, Apply, Step, a tick past the prerender) ends it: from
// there on the page waits for the core, as it would without it.

const slot = document.getElementById("opening");

// opening is {version, build, seed, editor, views, menus} from the build, or null (a
// page served from the sources, or a broken build).
export const opening = (() => {
  try {
    const o = JSON.parse(slot?.textContent || "null");
    return o && Array.isArray(o.views) && o.views.length > 0 ? o : null;
  } catch {
    return null;
  }
})();

// The requests that read the session without moving its timeline: they
// change nothing this module answers for.
const reads = new Set(["version", "landmarks", "decisionTick", "view", "scenarios", "lessons", "checks", "draft", "encode",
  "script", "transcript", "object", "pod", "complete", "linkFiles"]);

let on = false;
let cursor = 0;
let head = 0;

// startPrerender lets prerendered answer: the page's opening is a new
// session, whose create(seed) it answers with tick 0. It says whether
// there is a prerender.
export function startPrerender() {
  on = opening !== null;
  return on;
}

// stopPrerender ends the answers; the core answers everything from now on.
export function stopPrerender() { on = false; }

// at is the view of tick, seen from the head reached so far.
function at(tick) {
  const v = structuredClone(opening.views[tick]);
  v.head = head;
  v.live = tick === head;
  return v;
}

// prerendered answers a request the core will answer later: the view to
// draw now, or null when it cannot know it (and then it never answers
// again: the session has gone where the build did not run it).
export function prerendered(op, args) {
  if (!on) return null;
  if (reads.has(op)) return null;
  let to = null;
  const last = opening.views.length - 1;
  // As core/session moves its cursor: Tick walks the timeline and runs
  // the cluster past its head, Jump past the head runs it there, Back
  // stops at 0. With no command run, the timeline is the prerender's.
  if (op === "create" && head === 0 && Number(args[0]) === opening.seed) to = 0;
  else if (op === "tick") to = cursor + Math.max(Math.trunc(Number(args[0] ?? 1)), 0);
  else if (op === "back") to = Math.max(cursor - 1, 0);
  else if (op === "jump") to = Math.max(Math.trunc(Number(args[0])), 0);
  if (to === null || !(to <= last)) {
    on = false;
    return null;
  }
  cursor = to;
  head = Math.max(head, to);
  return at(to);
}

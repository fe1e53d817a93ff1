// landmarks.js marks the slider with the timeline's landmarks (core/session
// Landmarks: commands, rollouts started and finished, a rollout's failure
// conditions, Nodes going NotReady and Ready) and moves between them with
// [ and ].

import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { busy, rpc } from "./rpc.js";

let marks = [];
let inFlight = false;
let trailing = null; // a last fetch after a burst of views
let head = 0;

// What each kind of landmark says (core/session Mark*).
const markWords = {
  command: (m) => m.line,
  rolloutStarted: (m) => t("mark.rolloutStarted", m),
  rolloutDone: (m) => t("mark.rolloutDone", m),
  deadlineExceeded: (m) => t("mark.deadlineExceeded", m),
  replicaFailure: (m) => t("mark.replicaFailure", m),
  nodeNotReady: (m) => t("mark.nodeNotReady", m),
  nodeReady: (m) => t("mark.nodeReady", m),
};
const words = (m) => (markWords[m.kind] || ((x) => x.kind))(m);

// draw places a mark for each landmark under the slider's track. Built
// with the DOM, not markup: the page's CSP refuses style attributes, and
// its CSSOM is allowed. Each mark holds its tick and the box the head
// (style.css places them from the two): a tick moves the head only, so
// the marks are rebuilt only when they change, not at every view. With a
// hundred Deployments' rollouts on the slider, rebuilding them took 25 ms
// of each tick's redraw.
let drawn = "";
function draw() {
  const box = $("marks");
  box.style.setProperty("--head", String(Math.max(head, 1)));
  const key = JSON.stringify(marks);
  if (key === drawn) return;
  drawn = key;
  box.replaceChildren(...marks.map((m) => {
    const el = document.createElement("span");
    el.className = `mark k-${m.kind}`;
    el.style.setProperty("--t", String(m.tick));
    el.title = t("mark.at", { tick: m.tick, what: words(m) });
    return el;
  }));
}

function fetchMarks() {
  inFlight = true;
  rpc("landmarks").then((ms) => { marks = ms || []; draw(); }, () => {}).finally(() => { inFlight = false; });
}

// drawLandmarks redraws the marks for the head shown and asks the core for
// them again: at once when idle, else once the burst of views (Run at
// speed) has passed, so the clock never waits for them.
export function drawLandmarks(v) {
  head = v.head;
  draw();
  clearTimeout(trailing);
  if (!inFlight && busy() === 0) fetchMarks();
  else trailing = setTimeout(fetchMarks, 300);
}

// landmarkFrom is the tick of the next (dir 1) or previous (dir -1)
// landmark from tick, or null.
export function landmarkFrom(tick, dir) {
  const ticks = marks.map((m) => m.tick);
  const found = dir > 0 ? ticks.find((x) => x > tick) : ticks.findLast((x) => x < tick);
  return found ?? null;
}

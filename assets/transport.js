// transport.js is the transport bar: Back, Step, Tick, Run at a speed,
// Run until settled, the slider over the timeline and the clock, and their
// keys.

import { $, pageKey } from "./dom.js";
import { t } from "./i18n.js";
import { busy, rpc } from "./rpc.js";
import { print, printOutput, printUndoable } from "./console.js";
import { view } from "./view.js";
import { onStop } from "./status.js";
import { closeGuide } from "./guide.js";
import { sendDraft } from "./editor.js";
import { landmarkFrom } from "./landmarks.js";

let playing = false;
let speed = Number($("speed").value);
let credit = 0;
let lastFrame = 0;
let sliderHeld = false;
let until = null; // the tick Run pauses at (an example's end, the tick the cluster settled at), or null
let untilNote = ""; // what to say when Run pauses there
const listeners = [];

// isPlaying says whether the clock runs.
export const isPlaying = () => playing;

// onPlaying registers f(on), called whenever the clock starts or stops.
export function onPlaying(f) { listeners.push(f); }

// setPlaying runs or pauses the clock; running with a tick to stop at
// pauses there and says so (note, or that the example ended).
export function setPlaying(on, stopAt = null, note = "") {
  playing = on;
  until = on ? stopAt : null;
  untilNote = on ? note : "";
  $("play").setAttribute("aria-pressed", String(on));
  $("play").textContent = on ? t("transport.pause") : t("transport.run");
  for (const f of listeners) f(on);
  if (on) {
    lastFrame = performance.now();
    credit = 1;
    requestAnimationFrame(frame);
  }
}

function frame(now) {
  if (!playing) return;
  const v = view();
  if (until !== null && v && v.tick >= until) {
    const note = untilNote || t("transport.pausedAtEnd", { tick: v.tick });
    setPlaying(false);
    print(note, "note");
    return;
  }
  credit = Math.min(credit + ((now - lastFrame) / 1000) * speed, Math.max(speed, 1));
  lastFrame = now;
  if (busy() === 0 && credit >= 1) {
    const n = until !== null && v ? Math.min(Math.floor(credit), until - v.tick) : Math.floor(credit);
    credit -= n;
    rpc("tick", n).catch((err) => { print(err.message, "err"); setPlaying(false); });
  }
  requestAnimationFrame(frame);
}

const act = (op, ...args) => () => rpc(op, ...args).then((o) => {
  if (o && o.line && (o.stdout || o.stderr || o.discarded)) printOutput(o);
}).catch((err) => print(err.message, "err"));

// runUntilSettled asks the core how far the cluster runs before it
// settles (core/session Settle: it runs ahead, the tick shown kept), then
// plays up to there at the chosen speed and says why it stopped.
export async function runUntilSettled() {
  setPlaying(false);
  let r;
  try {
    r = await rpc("settle");
  } catch (err) {
    print(err.message, "err");
    return;
  }
  if (r.error) print(r.error, "err");
  const note = r.quiet
    ? t("transport.settled", { tick: r.at, window: r.window })
    : t("transport.notSettled", { tick: r.at, minutes: Math.round(r.ran / 60) });
  setPlaying(true, r.at, note);
}

// jumpToLandmark shows the previous or next landmark on the slider.
function jumpToLandmark(tick, dir) {
  const to = landmarkFrom(tick, dir);
  if (to !== null) { setPlaying(false); rpc("jump", to).catch((err) => print(err.message, "err")); }
}

$("play").addEventListener("click", () => setPlaying(!playing));
$("tick").addEventListener("click", act("tick", 1));
$("back").addEventListener("click", act("back"));
$("step").addEventListener("click", act("step"));
$("speed").addEventListener("change", () => { speed = Number($("speed").value); });
// Reset asks nothing: the timeline it discards is one button away.
$("reset").addEventListener("click", async () => {
  setPlaying(false);
  await rpc("reset", view() ? view().seed : 1);
  closeGuide();
  $("scenario-title").textContent = "";
  $("examples").value = "";
  $("lessons").value = "";
  printUndoable(t("transport.resetDone"));
  sendDraft(); // a new session: it carries the editor's text again
});

// The slider jumps to the tick it shows; while its jump is in flight the
// latest wanted tick waits, so dragging never queues up work. It waits on
// its own jump only: another call in flight (the editor's draft, a tick)
// answers in order before it, and must not swallow the slider's last word.
let wantTick = null;
let jumping = false;
function jumpSoon(t) {
  wantTick = t;
  if (jumping) return;
  const go = wantTick;
  wantTick = null;
  jumping = true;
  rpc("jump", go).catch((err) => print(err.message, "err")).finally(() => {
    jumping = false;
    if (wantTick !== null) jumpSoon(wantTick);
  });
}
const slider = $("slider");
slider.addEventListener("input", () => { setPlaying(false); jumpSoon(Number(slider.value)); });
slider.addEventListener("pointerdown", () => { sliderHeld = true; });
slider.addEventListener("pointerup", () => { sliderHeld = false; });

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (!pageKey(e)) return;
  const v = view();
  if (!v) return;
  const keys = {
    " ": () => setPlaying(!playing),
    ArrowRight: act("tick", 1),
    ArrowLeft: act("back"),
    ".": act("step"),
    u: runUntilSettled,
    Home: () => rpc("jump", 0),
    End: () => rpc("jump", v.head),
    "[": () => jumpToLandmark(v.tick, -1),
    "]": () => jumpToLandmark(v.tick, 1),
    "?": () => $("help").showModal(),
  };
  const f = keys[e.key];
  if (!f || t instanceof HTMLInputElement && e.key !== " " && e.key !== "?") return;
  if (t instanceof HTMLButtonElement && e.key === " ") return; // Space presses the button
  e.preventDefault();
  f();
});
$("help-open").addEventListener("click", () => $("help").showModal());

export function drawTransport(v) {
  const slider = $("slider");
  slider.max = String(v.head);
  if (!sliderHeld) slider.value = String(v.tick);
  slider.setAttribute("aria-valuetext", t("transport.sliderText", { tick: v.tick, head: v.head }));
  const time = v.time ? v.time.slice(11, 19) : "";
  const at = { tick: String(v.tick), head: String(v.head), time }; // a counter: no digit grouping
  $("clock").textContent = v.live ? t("transport.clock", at) : t("transport.clockPast", at);
  document.body.classList.toggle("past", !v.live);
  $("back").disabled = v.tick === 0;
}

onStop(() => setPlaying(false));

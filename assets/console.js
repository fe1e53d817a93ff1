// console.js is the kubectl console: the command line (history, Tab
// completion from the core's command tree) and the output it prints, each
// command an entry tied to the tick it ran at.

import { t } from "./i18n.js";
import { $, beforePaint, store } from "./dom.js";
import { rpc } from "./rpc.js";
import { previousState } from "./recovery.js";
import { view } from "./view.js";

const out = $("console-output");
const input = $("console-input");
const cmdHistory = JSON.parse(store.get("history") || "[]");
let historyAt = cmdHistory.length;

// toBottom keeps the newest output in sight. It runs before the next
// frame (beforePaint), so printing many lines lays the page out once.
const toBottom = () => { out.scrollTop = out.scrollHeight; };

// into is where print writes: the console, or the entry printOutput is
// filling.
let into = out;

export function print(text, cls = "") {
  const span = document.createElement("span");
  if (cls) span.className = cls;
  span.textContent = text.endsWith("\n") || text === "" ? text : `${text}\n`;
  into.append(span);
  while (out.childNodes.length > 600) out.firstChild.remove();
  beforePaint(toBottom);
  return span;
}

// whileQueued runs request (a call to the core) and, until the page has
// shown its opening session, shows what waits for it (its command line and
// a note); the first queued request to run sets the kubeplay-first-input
// mark. What a queued command printed waits for the opening too: a restored
// session's transcript replaces the console (load.js), which would erase
// it, and a command typed before the session was restored ran after it.
let firstInput = false;
let opened = false;
let openedNow;
const whenOpened = new Promise((resolve) => { openedNow = resolve; });
const waiting = new Set(); // the queued lines shown

// consoleOpened says the opening session is in the console, or is about
// to be, in the same step: the queued lines come back after it, and what
// waited for it prints, in order.
export function consoleOpened() {
  if (opened) return;
  opened = true;
  for (const s of waiting) out.append(s);
  beforePaint(toBottom);
  openedNow();
}

export async function whileQueued(line, request) {
  if (opened) return request();
  const shown = [print(line, "cmd queued"), print(t("console.queued"), "note queued")];
  for (const s of shown) waiting.add(s);
  try {
    return await request();
  } finally {
    await whenOpened;
    for (const s of shown) {
      waiting.delete(s);
      s.remove();
    }
    if (!firstInput) {
      firstInput = true;
      performance.mark("kubeplay-first-input");
    }
  }
}

// A write refused because the writer's copy was stale (apiserver's
// OptimisticLockErrorMsg): faithful, and alarming to a learner.
const conflict = "the object has been modified; please apply your changes to the latest version and try again";

// A clock-moving command: anything but the clock verbs themselves.
const clockVerb = /^(tick|jump|back|reset)\b/;

const outputListeners = [];

// onOutput registers f(o), called with every Output printOutput prints.
export function onOutput(f) { outputListeners.push(f); }

// printDiff prints kubectl diff's unified diff line by line, coloured by
// what each line does; the text stays byte for byte as kubectl printed it.
function printDiff(text) {
  for (const line of text.split(/(?<=\n)/)) {
    const cls = line.startsWith("+++") || line.startsWith("---") || line.startsWith("diff ") ? "diff-file"
      : line.startsWith("@@") ? "diff-hunk" : line.startsWith("+") ? "diff-add" : line.startsWith("-") ? "diff-del" : "";
    const span = document.createElement("span");
    if (cls) span.className = cls;
    span.textContent = line;
    into.append(span);
  }
  if (!text.endsWith("\n")) into.append("\n");
  beforePaint(toBottom);
}

// printOutput prints a command and what it printed as one entry of the
// timeline: it knows the tick it ran at, is dimmed while an earlier tick
// is shown (markFuture), and its command line jumps the timeline there.
export function printOutput(o) {
  const entry = document.createElement("div");
  entry.className = "entry";
  entry.dataset.tick = String(o.end ?? o.tick ?? 0);
  out.append(entry);
  into = entry;
  try {
    print(`$ ${o.line}`, "cmd");
    const cmd = entry.lastChild;
    cmd.tabIndex = 0;
    cmd.setAttribute("role", "button");
    cmd.title = t("console.showTick", { tick: Number(entry.dataset.tick) });
    if (o.discarded) {
      print(t("console.discarded", { tick: o.tick, n: o.discarded }), "note");
      offerRestore(previousState());
    }
    if (o.past) print(t("console.past", { tick: o.tick }), "note");
    if (o.stdout && /^kubectl diff\b/.test(o.line)) printDiff(o.stdout);
    else if (o.stdout) print(o.stdout);
    if (o.stderr) print(o.stderr, "err");
    if (`${o.stdout}${o.stderr}`.includes(conflict)) print(t("console.conflict"), "note");
    if (o.end > o.tick && !clockVerb.test(o.line)) print(t("console.advanced", { n: o.end - o.tick, from: o.tick, to: o.end }), "note");
  } finally {
    into = out;
  }
  markFuture(view());
  for (const f of outputListeners) f(o);
}

// printUndoable prints a note about an action that threw the timeline
// away (Reset), with the button that brings it back.
export function printUndoable(note) {
  print(note, "note");
  offerRestore(previousState());
}

// offerRestore adds a button that brings back the timeline an action has
// just discarded (its state before the action), once.
function offerRestore(state) {
  if (!state) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "restore";
  b.textContent = t("console.restore");
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      const r = await rpc("decode", state);
      if (r.error) throw new Error(r.error);
      print(t("console.restored", { tick: r.cursor, head: r.head }), "note");
    } catch (err) {
      print(err.message, "err");
    }
  }, { once: true });
  into.append(b, "\n");
}

// markFuture dims the entries that ran after the tick shown, and says so.
export function markFuture(v) {
  if (!v) return;
  for (const e of out.querySelectorAll(".entry")) {
    const future = Number(e.dataset.tick) > v.tick;
    if (e.classList.toggle("future", future)) e.firstChild.dataset.label = t("console.future");
  }
}

// A click (or Enter) on an entry's command line shows its tick.
function jumpFrom(e) {
  const cmd = e.target.closest(".entry > .cmd");
  if (!cmd) return;
  rpc("jump", Number(cmd.parentElement.dataset.tick)).catch((err) => print(err.message, "err"));
}
out.addEventListener("click", jumpFrom);
out.addEventListener("keydown", (e) => { if (e.key === "Enter") jumpFrom(e); });

export async function runLine(line) {
  if (line.trim() === "clear") { out.textContent = ""; return; }
  try {
    printOutput(await whileQueued(`$ ${line}`, () => rpc("run", line)));
  } catch (err) {
    print(`$ ${line}`, "cmd");
    print(err.message, "err");
  }
}

$("console-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const line = input.value;
  input.value = "";
  if (!line.trim()) return;
  if (cmdHistory[cmdHistory.length - 1] !== line) cmdHistory.push(line);
  cmdHistory.splice(0, cmdHistory.length - 200);
  historyAt = cmdHistory.length;
  store.set("history", JSON.stringify(cmdHistory));
  runLine(line);
});

input.addEventListener("keydown", async (e) => {
  if (e.key === "ArrowUp" || e.key === "ArrowDown") {
    e.preventDefault();
    historyAt = Math.max(0, Math.min(cmdHistory.length, historyAt + (e.key === "ArrowUp" ? -1 : 1)));
    input.value = cmdHistory[historyAt] ?? "";
  } else if (e.key === "Tab" && input.value.trim()) {
    e.preventDefault();
    const line = input.value;
    const cands = await rpc("complete", line);
    if (input.value !== line || cands.length === 0) return;
    const last = line.split(/\s+/).pop();
    let common = cands[0];
    for (const c of cands) while (!c.startsWith(common)) common = common.slice(0, -1);
    const done = cands.length === 1 && !common.endsWith("/");
    input.value = line.slice(0, line.length - last.length) + common + (done ? " " : "");
    if (cands.length > 1 && common === last) print(cands.join("  "), "note");
  } else if (e.key === "l" && e.ctrlKey) {
    e.preventDefault();
    out.textContent = "";
  }
});

// clearConsole empties the output (a new example, a restored session).
export function clearConsole() { out.textContent = ""; }

// console.js is the kubectl console: the command line (history, Tab
// completion from the core's command tree) and the output it prints.

import { t } from "./i18n.js";
import { $, store } from "./dom.js";
import { rpc } from "./rpc.js";

const out = $("console-output");
const input = $("console-input");
const cmdHistory = JSON.parse(store.get("history") || "[]");
let historyAt = cmdHistory.length;

export function print(text, cls = "") {
  const span = document.createElement("span");
  if (cls) span.className = cls;
  span.textContent = text.endsWith("\n") || text === "" ? text : `${text}\n`;
  out.append(span);
  while (out.childNodes.length > 600) out.firstChild.remove();
  out.scrollTop = out.scrollHeight;
}

// A write refused because the writer's copy was stale (apiserver's
// OptimisticLockErrorMsg): faithful, and alarming to a learner.
const conflict = "the object has been modified; please apply your changes to the latest version and try again";

// A clock-moving command: anything but the clock verbs themselves.
const clockVerb = /^(tick|jump|back|reset)\b/;

export function printOutput(o) {
  print(`$ ${o.line}`, "cmd");
  if (o.discarded) print(t("console.discarded", { tick: o.tick, n: o.discarded }), "note");
  if (o.past) print(t("console.past", { tick: o.tick }), "note");
  if (o.stdout) print(o.stdout);
  if (o.stderr) print(o.stderr, "err");
  if (`${o.stdout}${o.stderr}`.includes(conflict)) print(t("console.conflict"), "note");
  if (o.end > o.tick && !clockVerb.test(o.line)) print(t("console.advanced", { n: o.end - o.tick, from: o.tick, to: o.end }), "note");
}

export async function runLine(line) {
  if (line.trim() === "clear") { out.textContent = ""; return; }
  try {
    printOutput(await rpc("run", line));
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

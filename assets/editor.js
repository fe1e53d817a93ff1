// editor.js is the manifest editor: its text (kept in localStorage, never
// lost when an example replaces it), the decoding errors at their lines,
// and Apply and Diff, which send the text to the core.

import { t } from "./i18n.js";
import { $, beforePaint, esc, store } from "./dom.js";
import { rpc } from "./rpc.js";
import { print, printOutput, whileQueued } from "./console.js";
import { showPane } from "./switcher.js";
import { highlight, indentAfter } from "./highlight.js";

const editor = $("editor");
const gutter = $("gutter");
const hl = $("editor-hl");
let errorsByLine = new Map();
let appliedText = null;

// Colouring is redone on every change; past this size typing would lag,
// so a huge text is drawn plain.
const highlightLimit = 64 * 1024;

// drawText redraws the coloured copy under the textarea. The extra line
// lets it scroll as far as the textarea, whose scroll bars take room.
function drawText() {
  const plain = editor.value.length > highlightLimit;
  hl.parentElement.classList.toggle("plain", plain);
  hl.innerHTML = plain ? "" : `${highlight(editor.value)}\n `;
  beforePaint(syncScroll); // reading the textarea's scroll now would lay the page out at once
}

function syncScroll() {
  gutter.scrollTop = editor.scrollTop;
  hl.scrollTop = editor.scrollTop;
  hl.scrollLeft = editor.scrollLeft;
}

function drawGutter() {
  const n = editor.value.split("\n").length;
  let html = "";
  for (let i = 1; i <= n; i++) {
    const err = errorsByLine.get(i);
    html += err ? `<span class="ln err" title="${esc(err)}">${i}</span>\n` : `${i}\n`;
  }
  gutter.innerHTML = html;
  drawText();
}

function showErrors(errors, serverText) {
  errorsByLine = new Map();
  const list = $("editor-errors");
  list.textContent = "";
  for (const e of errors) {
    if (e.line) errorsByLine.set(e.line, e.message);
    const li = document.createElement("li");
    const where = document.createElement("button");
    where.type = "button";
    where.textContent = !e.line ? t("editor.doc", { doc: e.doc || 1 })
      : e.doc > 1 ? t("editor.atDoc", { line: e.line, column: e.column, doc: e.doc })
        : t("editor.at", { line: e.line, column: e.column });
    where.addEventListener("click", () => goTo(e.line, e.column));
    const path = e.path && !e.message.includes(e.path) ? `${e.path}: ` : "";
    li.append(where, document.createTextNode(` ${path}${e.message}`));
    if (e.source) {
      const pre = document.createElement("pre");
      pre.textContent = e.source;
      li.append(pre);
    }
    list.append(li);
  }
  if (serverText) {
    const li = document.createElement("li");
    li.textContent = serverText;
    list.append(li);
  }
  drawGutter();
}

// showProblems marks what kubectl ran into at the lines it came from: the
// documents that did not decode, and the API server's validation errors,
// which the core placed by their field paths. An error it could not place
// is shown as kubectl printed it.
function showProblems(r) {
  const placed = [...r.errors, ...(r.invalid || [])];
  showErrors(placed, placed.length || r.output.exit === 0 ? "" : r.output.stderr.trim());
}

function goTo(line, column) {
  if (!line) return;
  const lines = editor.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, (column || 1) - 1);
  editor.focus();
  editor.setSelectionRange(at, at);
  const lineHeight = editor.scrollHeight / Math.max(lines.length, 1);
  editor.scrollTop = Math.max(0, (line - 4) * lineHeight);
}

let saveTimer = 0;
// sendDraft gives the core the editor's text, which the session carries
// into its share link and saved state (core/session draft.go); while the
// person types, at most every 400 ms.
let draftTimer = null;
export function sendDraft() {
  clearTimeout(draftTimer);
  draftTimer = null;
  rpc("draft", editor.value).catch(() => { /* the page's own storage still has it */ });
}
function sendDraftSoon() {
  if (draftTimer === null) draftTimer = setTimeout(sendDraft, 400);
}

editor.addEventListener("input", () => {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => store.set("editor", editor.value), 250);
  sendDraftSoon();
  drawGutter();
  editorState();
});
// A reload within the 250 ms loses nothing either.
addEventListener("pagehide", () => store.set("editor", editor.value));
editor.addEventListener("scroll", syncScroll);

// type inserts text at the cursor as typing would, so the browser's undo
// keeps it; setRangeText is the fallback where insertText is gone.
function type(text) {
  if (document.execCommand?.("insertText", false, text)) return;
  editor.setRangeText(text, editor.selectionStart, editor.selectionEnd, "end");
  editor.dispatchEvent(new Event("input"));
}

// lineStart is the offset where the line holding offset at begins.
const lineStart = (at) => editor.value.lastIndexOf("\n", at - 1) + 1;

// dedent removes up to two spaces from the start of each selected line.
function dedent() {
  const from = lineStart(editor.selectionStart);
  const to = editor.selectionEnd;
  const block = editor.value.slice(from, to);
  const out = block.replace(/^ {1,2}/gm, "");
  if (out === block) return;
  editor.setSelectionRange(from, to);
  type(out);
  editor.setSelectionRange(from, from + out.length);
}
editor.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    apply();
  } else if (e.key === "Enter" && !e.shiftKey && !e.altKey && !e.isComposing) {
    // A new line keeps the indentation, one step deeper under "key:".
    e.preventDefault();
    const at = editor.selectionStart;
    type(`\n${indentAfter(editor.value.slice(lineStart(at), at))}`);
  } else if (e.key === "Tab" && e.shiftKey && !e.ctrlKey && editor.dataset.tabEscape !== "1") {
    e.preventDefault();
    dedent();
  } else if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey) {
    // Two spaces, as YAML wants; Escape then Tab leaves the editor.
    if (editor.dataset.tabEscape === "1") { editor.dataset.tabEscape = ""; return; }
    e.preventDefault();
    type("  ");
  } else if (e.key === "Escape") {
    editor.dataset.tabEscape = "1";
  }
});

function editorState() {
  $("editor-state").textContent = appliedText === null ? "" : appliedText === editor.value ? t("editor.state.applied") : t("editor.state.changed");
}

// manifestProblems shows why the editor's text could not be read: each
// error at its line, and in the console under the command it stopped.
function manifestProblems(verb, errors) {
  showErrors(errors);
  print(`$ kubectl ${verb} (editor)`, "cmd");
  const n = errors.length;
  print(n > 1 ? t("editor.problems", { n }) : t("editor.problem", { n }), "err");
}

export async function apply() {
  store.set("editor", editor.value);
  try {
    const text = editor.value;
    const r = await whileQueued("$ kubectl apply (editor)", () => rpc("apply", text));
    // Nothing decoded: kubectl would apply nothing, so nothing ran.
    if (!r.file) return manifestProblems("apply", r.errors);
    printOutput(r.output);
    showProblems(r);
    if (r.ok) appliedText = text;
    editorState();
    // On a phone the manifest filled the screen: show what it made.
    if (r.ok) showPane("cluster");
  } catch (err) {
    print(err.message, "err");
  }
}

$("apply").addEventListener("click", apply);

// diff shows what applying the editor's text would change (kubectl diff),
// changing nothing: not the cluster, not the timeline.
async function diff() {
  store.set("editor", editor.value);
  try {
    const r = await rpc("diff", editor.value);
    if (r.errors.length) return manifestProblems("diff", r.errors);
    printOutput(r.output);
    showProblems(r);
    if (r.output.exit === 0) print(t("editor.noDiff"), "note");
  } catch (err) {
    print(err.message, "err");
  }
}

$("diff").addEventListener("click", diff);
$("restore").addEventListener("click", () => {
  const saved = store.get("editor.backup");
  if (saved === null) return;
  editor.value = saved;
  store.set("editor", saved);
  $("restore").hidden = true;
  showErrors([]);
});

export function setEditor(text) {
  const current = editor.value;
  if (current.trim() && current !== text && !known.has(current)) {
    store.set("editor.backup", current); // never lose what the user typed
    $("restore").hidden = false;
  }
  editor.value = text;
  store.set("editor", text);
  sendDraft();
  appliedText = null;
  showErrors([]);
  editorState();
}

// known holds the texts the page itself put in the editor (the examples'
// manifests): replacing one of those loses nothing the user wrote.
let known = new Set();

// openEditor fills the editor when the page starts: the text saved in this
// browser, or else fallback (the first example's manifest). examples are
// the examples' files, whose texts need no backup when replaced.
// It fills the editor once: a first visit's page opens it at first paint
// with the build's manifest (prerender.js), before the examples are known,
// and what the person typed since stays.
let opened = false;
export function openEditor(fallback, examples) {
  known = new Set([...known, ...examples.flatMap((s) => s.files.map((f) => f.text))]);
  if (opened) return;
  opened = true;
  known.add(fallback);
  const saved = store.get("editor");
  editor.value = saved !== null ? saved : fallback;
  drawGutter();
}

// guide.js is the Guide panel: a lesson (its introduction, one step at a
// time with click-to-paste commands, hints, "Show me" and live checks, and
// its finish page), or an example's description. The core decides what a
// check saw (core/lesson, through the checks op); this module only asks
// after every view drawn and shows the answer, so stepping back in time
// re-evaluates the checks at the tick shown and going forward re-earns
// them. A learner's progress per lesson is kept in localStorage; the lesson
// and page shown are in the address (#lesson=NAME&step=N) so a trainer can
// put a link on a slide.

import { $, esc, fillMenu, store, setHash } from "./dom.js";
import { lang, sentences, t } from "./i18n.js";
import { rpc } from "./rpc.js";
import { print, runLine } from "./console.js";
import { onDraw, view } from "./view.js";
import { inlineHTML, plainHTML, proseHTML } from "./prose.js";
import { showLoad } from "./load.js";
import { showPane } from "./switcher.js";

const panel = $("guide");
const body = $("guide-body");
let cur = null; // the lesson open: {ref, lesson, solutions, at, progress, preview}
let showing = false; // Show me is running

// live is true while the lesson shown is one the core opened: a preview's
// page is still, and every path that asks the core or saves asks this.
const live = () => Boolean(cur && !cur.preview);

// listLessons fills the Lessons menu.
export function listLessons(list) {
  // a lesson opened from the address before the list came is chosen in it
  fillMenu("lessons", list).value = cur ? cur.ref : "";
}

// lessonInAddress is the lesson and page the address asks for
// (#lesson=NAME&step=N), or null.
export function lessonInAddress() {
  const h = location.hash.slice(1);
  if (!h.startsWith("lesson=")) return null;
  const p = new URLSearchParams(h);
  const step = p.get("step");
  return { name: p.get("lesson") || "", step: step === "end" ? Infinity : step ? Number(step) || 0 : null };
}

// openLesson opens an embedded lesson on a fresh session at page step
// (0 the introduction, 1..n a step, Infinity the finish page).
export async function openLesson(name, step = 0) {
  await startLesson(await rpc("lesson", name, lang), name, step);
}

// startLesson shows a lesson just opened (the lesson op's LessonResult)
// at page step. Opening it at a step solves the steps before it through
// the console, visibly, so the cluster is where that step starts.
export async function startLesson(r, name, step) {
  showLoad(r);
  showLesson(r, 0, name);
  const n = cur.lesson.steps.length;
  const at = Math.max(0, Math.min(step || 0, n + 1));
  const solve = Math.min(at - 1, n);
  if (solve > 0) {
    print(t("guide.fastForward", { k: solve, next: solve + 1 }), "note");
    for (let i = 0; i < solve; i++) await runAll(cur.solutions[i]);
  }
  go(at);
}

// showLesson shows a LessonResult (from the lesson op, or a share link or
// saved session decoded inside a lesson) at page at.
export function showLesson(r, at, ref = r.lessonRef) {
  const progress = loadProgress(ref, r.lesson.steps.length);
  cur = { ref, lesson: r.lesson, solutions: r.solutions, at: 0, progress };
  $("scenario-title").textContent = r.title || r.lesson.title;
  $("lessons").value = ref || "";
  $("examples").value = "";
  openPanel();
  go(at);
}

// previewLesson shows a lesson's page from the build's copy of its text
// (scripts/build posters.go guidesDir) while the core starts, for a lesson
// link: the learner reads at once. It is a still page: its buttons wait
// for the core (the body's "restoring" class greys them), nothing is asked
// of the core and nothing saved; startLesson replaces it with the lesson
// the core opened.
export function previewLesson(lesson, ref, step) {
  const n = lesson.steps.length;
  const at = Math.max(0, Math.min(step || 0, n + 1));
  cur = { ref, lesson, solutions: [], at, progress: loadProgress(ref, n), preview: true };
  $("scenario-title").textContent = lesson.title;
  $("lessons").value = ref;
  openPanel();
  drawPage(at);
}

// openPanel shows the panel, with the console under it: the steps are done
// there, and an example's commands are printed there.
function openPanel() {
  document.body.classList.add("in-guide");
  panel.hidden = false;
  panel.after($("console-panel"));
}

// showDescription shows an example's description in the panel.
export function showDescription(title, doc) {
  cur = null;
  openPanel();
  $("guide-h").textContent = title || t("guide.example");
  $("guide-where").textContent = t("guide.example");
  $("guide-bar").hidden = true;
  $("guide-nav").hidden = true;
  const rest = String(doc || "").split("\n").slice(1).join("\n");
  body.innerHTML = `${plainHTML(rest)}<p class="muted">${esc(t("guide.examplePlay"))}</p>`;
  setAddress(null);
}

// closeGuide hides the panel (another session was opened, or the learner
// closed it): the session stays as it is.
export function closeGuide() {
  cur = null;
  panel.hidden = true;
  document.body.classList.remove("in-guide");
  $("editor-panel").after($("console-panel"));
  $("lessons").value = "";
  if (location.hash.startsWith("#lesson=")) setAddress(null);
}

// go shows page at: 0 the introduction, 1..n step at, n+1 the finish page.
function go(at) {
  const n = cur.lesson.steps.length;
  at = Math.max(0, Math.min(at, n + 1));
  cur.at = at;
  cur.progress.at = at;
  saveProgress();
  setAddress(at);
  drawPage(at);
}

// drawPage draws page at of the lesson open, and its header and bar.
function drawPage(at) {
  const n = cur.lesson.steps.length;
  $("guide-h").textContent = cur.lesson.title;
  $("guide-where").textContent = at === 0 ? t("guide.intro") : at > n ? t("guide.finish") : t("guide.step", { i: at, n });
  const bar = $("guide-bar");
  bar.hidden = false;
  bar.max = n;
  bar.value = cur.progress.done.filter(Boolean).length;
  $("guide-nav").hidden = false;
  $("guide-prev").disabled = at === 0 || !live();
  $("guide-next").disabled = at > n || !live();
  $("guide-next").textContent = at === n ? t("guide.end") : t("guide.next");
  if (at === 0) drawIntro();
  else if (at > n) drawFinish();
  else drawStep(at - 1);
  body.scrollTop = 0;
}

function drawIntro() {
  const l = cur.lesson;
  const resumeAt = cur.progress.done.findIndex((d) => !d);
  const resume = cur.progress.done.some(Boolean) && resumeAt > 0
    ? ` <button type="button" data-go="${resumeAt + 1}" data-solve="${resumeAt}">${esc(t("guide.resume", { i: resumeAt + 1 }))}</button>` : "";
  body.innerHTML = `${proseHTML(l.intro)}${stepList()}
    <p><button type="button" class="primary" data-go="1">${esc(t("guide.start"))}</button>${resume}</p>`;
}

function drawFinish() {
  const l = cur.lesson;
  const done = cur.progress.done.filter(Boolean).length;
  const link = l.link ? `<p><a href="${esc(l.link)}" target="_blank" rel="noopener">${esc(t("guide.read"))}</a></p>` : "";
  body.innerHTML = `<p class="summary-line">${esc(t("guide.summary", { done, n: l.steps.length }))}</p>${stepList()}${proseHTML(l.finish)}${link}`;
}

// stepList is every step with its mark, each a way to it.
function stepList() {
  return `<ol class="step-list">${cur.lesson.steps.map((s, i) => {
    const done = cur.progress.done[i];
    return `<li class="${done ? "done" : ""}"><button type="button" class="link" data-go="${i + 1}">${esc(s.title)}</button>${done ? ` <span class="mark" aria-label="${esc(t("guide.met"))}">✓</span>` : ""}</li>`;
  }).join("")}</ol>`;
}

function drawStep(i) {
  const s = cur.lesson.steps[i];
  const shown = cur.progress.hints[i] || 0;
  const tries = s.try.length
    ? `<p class="muted">${esc(t("guide.tryIt"))}</p><ul class="tries">${s.try.map((line) => `<li><button type="button" class="try" data-line="${esc(line)}"><code>${esc(line)}</code></button></li>`).join("")}</ul>` : "";
  const hints = s.hints.slice(0, shown).map((h) => `<p class="hint">${inlineHTML(h)}</p>`).join("");
  const more = shown < s.hints.length ? `<button type="button" id="guide-hint">${esc(shown === 0 ? t("guide.hintFirst", { n: s.hints.length }) : t("guide.hintNext", { i: shown, n: s.hints.length }))}</button>` : "";
  body.innerHTML = `<h3>${esc(s.title)}</h3>${proseHTML(s.text)}${tries}
    <h4>${esc(t("guide.checks"))}</h4><ul id="guide-checks" class="checks" aria-live="polite"></ul>
    <p id="guide-checks-note" class="muted"></p>
    <div class="guide-help">${hints}<p>${more} <button type="button" id="guide-show"${showing ? " disabled" : ""}>${esc(showing ? t("guide.showing") : t("guide.showMe"))}</button></p></div>`;
  drawChecks(s.checks.map((c) => ({ check: c.source, met: false, saw: "" })), null);
  refresh();
}

// drawChecks shows what the core said of each check.
function drawChecks(states, v) {
  const list = $("guide-checks");
  if (!list) return;
  list.innerHTML = states.map((st) => {
    // The reason begins with what was seen; English is the core's own wording.
    const why = st.met ? "" : lang === "en" ? st.reason || st.saw : sentences(st.reasonMsg || st.sawMsg);
    return `<li class="${st.met ? "met" : "open"}"><span class="mark" aria-hidden="true">${st.met ? "✓" : "○"}</span>
      <span class="visually-hidden">${esc(st.met ? t("guide.met") : t("guide.open"))}:</span>
      <code>${esc(st.check)}</code>${why ? `<br><span class="saw">${esc(why)}</span>` : ""}</li>`;
  }).join("");
  const all = states.length > 0 && states.every((st) => st.met);
  const note = $("guide-checks-note");
  note.textContent = v && !v.live ? t("guide.past", { tick: v.tick }) : all ? t("guide.allMet") : "";
  note.className = all && v && v.live ? "ok" : "muted";
  if (all && v && v.live && !cur.progress.done[cur.at - 1]) {
    cur.progress.done[cur.at - 1] = true;
    saveProgress();
    $("guide-bar").value = cur.progress.done.filter(Boolean).length;
  }
}

// refresh asks the core for the checks of the step shown, at most one
// request at a time: views drawn meanwhile ask again once it answers.
let asking = false;
let again = false;
function refresh() {
  if (!live() || cur.at < 1 || cur.at > cur.lesson.steps.length) return;
  if (asking) { again = true; return; }
  asking = true;
  const step = cur.at - 1;
  const lesson = cur.lesson;
  rpc("checks", step).then((states) => {
    if (cur && cur.lesson === lesson && cur.at - 1 === step) drawChecks(states, view());
  }, (err) => print(err.message, "err")).finally(() => {
    asking = false;
    if (again) { again = false; refresh(); }
  });
}
onDraw(refresh);

// runAll runs console lines in order, visibly.
async function runAll(lines) {
  for (const line of lines) await runLine(line);
}

body.addEventListener("click", async (e) => {
  const b = e.target.closest("button");
  if (!b || !live()) return;
  if (b.dataset.line !== undefined) {
    const input = $("console-input");
    input.value = b.dataset.line;
    showPane("console");
    input.focus();
  } else if (b.dataset.go) {
    const solve = Number(b.dataset.solve || 0);
    if (solve > 0) {
      print(t("guide.fastForward", { k: solve, next: solve + 1 }), "note");
      for (let i = 0; i < solve; i++) await runAll(cur.solutions[i]);
    }
    go(Number(b.dataset.go));
  } else if (b.id === "guide-hint") {
    const i = cur.at - 1;
    cur.progress.hints[i] = (cur.progress.hints[i] || 0) + 1;
    saveProgress();
    drawStep(i);
  } else if (b.id === "guide-show" && !showing) {
    const i = cur.at - 1;
    showing = true;
    b.disabled = true;
    b.textContent = t("guide.showing");
    print(t("guide.showMeNote", { i: i + 1 }), "note");
    try {
      await runAll(cur.solutions[i]);
    } finally {
      showing = false;
      const again = $("guide-show");
      if (again) { again.disabled = false; again.textContent = t("guide.showMe"); }
    }
  }
});
$("guide-prev").addEventListener("click", () => cur && go(cur.at - 1));
$("guide-next").addEventListener("click", () => cur && go(cur.at + 1));
$("guide-close").addEventListener("click", () => { if (live()) closeGuide(); });
$("lessons").addEventListener("change", () => {
  const name = $("lessons").value;
  if (name) openLesson(name).catch((err) => print(err.message, "err"));
});

// Progress is kept per lesson: the page shown, the steps done, the hints
// revealed.
function loadProgress(ref, n) {
  let p = null;
  try { p = ref ? JSON.parse(store.get(`lesson.${ref}`) || "null") : null; } catch { p = null; }
  const done = Array.from({ length: n }, (_, i) => Boolean(p && Array.isArray(p.done) && p.done[i]));
  const hints = Array.from({ length: n }, (_, i) => (p && Array.isArray(p.hints) && Number(p.hints[i])) || 0);
  return { at: (p && Number(p.at)) || 0, done, hints };
}
function saveProgress() {
  if (live() && cur.ref) store.set(`lesson.${cur.ref}`, JSON.stringify(cur.progress));
}

// storedPage is the page of a lesson the learner was last on.
export const storedPage = (ref, n) => loadProgress(ref, n).at;

// setAddress puts the lesson and page into the address bar (or takes them
// out): a reload or a copied link opens the same page.
function setAddress(at) {
  let hash = "";
  if (at !== null && cur && cur.ref) {
    const n = cur.lesson.steps.length;
    hash = `#lesson=${encodeURIComponent(cur.ref)}${at === 0 ? "" : `&step=${at > n ? "end" : at}`}`;
  }
  setHash(hash);
}

// inLesson says whether a lesson is open (the address is then the lesson's,
// not a share link's).
export const inLesson = () => cur !== null;

// app.js starts the page. The page draws; it never decides: the cluster,
// the timeline, the pod states, the rollout verdicts and the decision
// records all come from the Go core (core/session), which runs in
// worker.js. The modules imported here each own one part of the page; this
// one starts the core, opens the first session and wires the parts to the
// worker's answers.

import { $, embedded, fetchJSON, fillMenu, hashChangedByHand, setHash } from "./dom.js";
import { lang, languages, ready as wordsReady, setLanguage, t } from "./i18n.js";
import { answerEarly, broken, busy, coreIsReady, coreMessage, markBroken, oldest, onWorker, rpc, setCoreReady, spawnWorker, timings } from "./rpc.js";
import { opening as prerender, prerendered, startPrerender, stopPrerender } from "./prerender.js";
import { describe, forget, keepView, makeRecovery, remember, saved, savedView } from "./recovery.js";
import { fail, status } from "./status.js";
import { onDraw, showPrerendered, showView, view } from "./view.js";
import { drawCluster } from "./cluster.js";
import { renderChart } from "./chart.js";
import { drawWhy } from "./why.js";
import { drawEvents } from "./events.js";
import { drawTransport, setPlaying } from "./transport.js";
import { drawClockHint } from "./clockhint.js";
import { drawLandmarks } from "./landmarks.js";
import { clearConsole, consoleOpened, markFuture, print } from "./console.js";
import { openEditor, sendDraft, setEditor } from "./editor.js";
import { exampleInAddress, listExamples, playExample } from "./examples.js";
import { showLoad } from "./load.js";
import { inLesson, lessonInAddress, listLessons, openLesson, previewLesson, showLesson, startLesson, storedPage } from "./guide.js";
import { begin, first, linkState, request, showPoster } from "./embed.js";
import "./embedcode.js";
import "./detail.js";
import "./share.js";
import "./present.js";
import "./splitter.js";
import "./switcher.js";
import "./theme.js";

onDraw(drawTransport);
onDraw(drawClockHint);
onDraw(markFuture);
onDraw(drawLandmarks);
onDraw(drawCluster);
onDraw(drawChart);
onDraw(drawWhy);
onDraw(drawEventList);

function drawChart(v) { renderChart($("chart"), v.chart); }
function drawEventList(v) { drawEvents(v.events); }

let pageReady = false;

// opening is the first request: a share link's session, an example the
// address names, the session saved before a reload (recovery.js), a lesson
// the address names, or a new one; in an embed, what its address asks for
// (embed.js: embed is that request).
const opening = { source: "new", state: null, first: null, lesson: null, example: null, embed: embedded ? request() : null };

// recover replaces a broken core and restores the last good session
// (recovery.js).
const recover = makeRecovery({ restart: spawnWorker, rpc, print });
function broke(action, error) {
  if (!pageReady || !markBroken()) return;
  setPlaying(false);
  recover(action, error).catch(fail);
}

onWorker({
  view: showView,
  // A prerendered view waits for the page's words, and is dropped once
  // the core is ready (its own answers are drawn then).
  early: (v) => wordsReady.then(() => { if (!coreIsReady()) showPrerendered(v); }),
  state(s) {
    remember(s);
    if (opening.embed) return linkState(opening.embed, s); // an embed's address stays as the host page wrote it
    if (pageReady && !inLesson()) syncAddress(s);
  },
  crash: (op, args, error) => broke(describe(op, args), error),
  event(m) {
    if (m.type === "progress") {
      const p = $("progress");
      if (m.total > 0) p.value = Math.min(m.loaded / m.total, 1); else p.removeAttribute("value");
      if (!restoring) status(t("load.progress", { kib: Math.round(m.loaded / 1024) })); // restoring says so until the core answers
    } else if (m.type === "ready") {
      // From here the core answers everything; what it answers for the
      // requests the prerender answered is the same views.
      setCoreReady();
      stopPrerender();
      // The worker's start-up steps, on the page's clock, for the curious
      // and the end-to-end checks.
      for (const [name, t] of Object.entries(m.marks || {})) {
        try { performance.mark(`kubeplay-${name}`, { startTime: t - performance.timeOrigin }); } catch { /* old browser */ }
      }
      if (pageReady) return; // a restarted core: recovery.js carries on
      ready(m.version, m.scenarios).catch(fail);
    } else if (m.type === "fatal") {
      // After start-up the core stopping is a crash to recover from; the
      // action it broke on is the oldest one still waiting.
      const first = oldest();
      if (m.crashed && pageReady) broke(first ? describe(first.op, first.args) : t("action.last"), m.error);
      else if (!pageReady && opening.first && m.crashed) markBroken(); // the opening fails: ready() handles it
      else fail(new Error(m.error));
    }
  },
});

// syncAddress keeps the session in the address as it changes (the editor's
// text included: the core carries it), at most once a second, so the
// address bar is always a link to what is on the screen and a reload or a
// copied address loses nothing. A lesson keeps its own address.
let addressTimer = null;
let addressState = null;
function syncAddress(s) {
  addressState = s;
  if (addressTimer !== null || hashChangedByHand()) return;
  writeAddress(s);
  addressTimer = setTimeout(() => {
    addressTimer = null;
    if (!inLesson() && !hashChangedByHand() && location.hash.slice(1) !== addressState) writeAddress(addressState);
  }, 1000);
}
// The tab remembers the last addresses it wrote (sessionStorage outlives a
// reload, not the tab): a reload that finds one of them is a restore, not
// a link, even when the reload came before the address caught up.
const wroteKey = "kubeplay.addresses";
function wrote() {
  try { return JSON.parse(sessionStorage.getItem(wroteKey)) || []; } catch { return []; }
}
function writeAddress(s) {
  setHash(s);
  try { sessionStorage.setItem(wroteKey, JSON.stringify([s, ...wrote().filter((x) => x !== s)].slice(0, 10))); } catch { /* private mode: a reload then opens it as a link */ }
}
const wroteAddress = (hash) => wrote().includes(hash);
// A lesson or a link pasted into the address bar of this tab changes only
// the fragment, which opens nothing by itself: open it as a fresh load
// would. (replaceState, which the page writes with, fires no hashchange.)
addEventListener("hashchange", () => location.reload());

// start starts the worker and asks for the first view at once: the worker
// answers it as soon as the core is ready, without waiting for a round trip
// through the page, as the core's download and start-up are the long pole.
// An embed first shows its poster, and starts only when the reader asks.
function start() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    wordsReady.then(() => status(t("load.noWasm"), "error"));
    $("progress").hidden = true;
    return;
  }
  if (opening.embed) showPoster(opening.embed).then(boot, fail);
  else boot();
}
start();

function boot() {
  spawnWorker();
  const early = willOpenNew() && startPrerender();
  if (early) answerEarly(prerendered);
  opening.first = firstRequest();
  opening.first.catch(() => { /* handled in ready */ });
  const kept = !early && opening.source === "saved" ? savedView(prerender?.build, opening.state) : null;
  wordsReady.then(() => {
    listLanguages(); // the page's own list: no need to wait for the core
    listMenus();
    if (pageReady) return;
    status(t("load.start"));
    if (early) openEarly();
    else if (kept) openRestoring(kept);
    else if (opening.source === "lesson") openLessonEarly(opening.lesson).catch(() => { /* the core's answer shows it */ });
  });
}

// willOpenNew says whether the opening will be a new session, the one
// the build prerendered (firstRequest decides it the same way).
function willOpenNew() {
  return !opening.embed && !location.hash.slice(1).startsWith("k1.") && !exampleInAddress() && !saved() && !lessonInAddress();
}

// openEarly draws the prerendered new session at first paint and lets the
// transport bar, the console and the editor work before the core is
// ready (prerender.js); the console's welcome is the build's.
let welcomed = false;
function openEarly() {
  document.body.classList.add("early");
  openEditor(prerender.editor, []);
  print(t("app.welcome", { version: prerender.version }), "note");
  welcomed = true;
}

// openRestoring draws the view the page showed when it was left, kept with
// the saved session it is reloading (recovery.js keepView), while the core
// starts: the page says it is restoring, and keeps the cluster and the
// transport bar still until the core's own view replaces this one. The
// editor is the page's own text; commands typed meanwhile queue
// (console.js whileQueued) and run after the restore, in order.
let restoring = false;
function openRestoring(v) {
  if (coreIsReady() || view()) return; // the core was quicker
  restoring = true;
  document.body.classList.add("restoring");
  showPrerendered(v);
  openEditor(prerender.editor, []);
  status(t("load.restoring"));
}
// openLessonEarly draws a lesson link's lesson while the core starts: the
// view its setup ends at (its poster, which the build rendered with the same
// core) and its page, from the build's copy of its text in the page's
// language (guide.js previewLesson), still, as restoring draws a reload.
// The core's own answer (ready, opened) replaces both.
async function openLessonEarly(want) {
  if (!/^[a-z0-9-]+$/.test(want.name)) return; // the core says what is wrong with it
  const [poster, lesson] = await Promise.all([fetchJSON(`posters/lesson/${want.name}.json`), fetchJSON(`posters/guide/${lang}/${want.name}.json`)]);
  if (pageReady || coreIsReady() || view()) return; // the core was quicker
  restoring = true;
  document.body.classList.add("restoring");
  showPrerendered(poster.view);
  previewLesson(lesson, want.name, want.step === Infinity ? lesson.steps.length + 1 : want.step);
  openEditor(prerender?.editor ?? "", []);
  status(t("load.lesson"));
}

// The view kept is the one on the screen when the page is left (a reload,
// a closed tab, another page); a hidden tab may be discarded without a
// pagehide, so hiding keeps it too.
const keepShown = () => keepView(prerender?.build, view());
addEventListener("pagehide", keepShown);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keepShown(); });

// firstRequest sets the opening's source and sends its request.
function firstRequest() {
  if (opening.embed) {
    opening.source = opening.embed.kind === "new" ? "new" : "embed";
    return first(opening.embed);
  }
  const hash = location.hash.slice(1);
  const state = saved();
  opening.lesson = lessonInAddress();
  opening.example = exampleInAddress();
  // The address follows the session (syncAddress), so a reload finds its
  // own state there: while the saved state is there too (newer, if
  // anything), that is a restore, not a link someone sent.
  const ours = state && (hash === state || wroteAddress(hash));
  opening.source = hash.startsWith("k1.") && !ours ? "link" : opening.example ? "example" : state ? "saved" : opening.lesson ? "lesson" : "new";
  opening.state = opening.source === "link" ? hash : state;
  if (opening.source === "new") return rpc("create", 1);
  if (opening.source === "lesson") return rpc("lesson", opening.lesson.name, lang);
  if (opening.source === "example") return rpc("example", opening.example, lang);
  return rpc("decode", opening.state, lang);
}

// listMenus fills the Lesson and Example menus at first paint with the
// lists the build wrote for the page's language (the core's own, assets/menu):
// a learner can choose one before the core is ready, and the request waits
// for it in the worker's queue. A page served from the sources has no such
// lists, and ready() asks the core for them.
let menusListed = false;
function listMenus() {
  const m = prerender?.menus?.[lang];
  if (!m || menusListed) return;
  listLessons(m.lessons);
  listExamples(m.examples);
  menusListed = true;
}

async function ready(version, examples) {
  await wordsReady;
  if (!menusListed) {
    listExamples(lang === "en" ? examples : await rpc("scenarios", lang).catch(() => examples));
    rpc("lessons", lang).then(listLessons, (err) => print(err.message, "err"));
  }
  const first = examples.find((s) => s.name === "create") || examples[0];
  const f = first && first.files.find((x) => /\.ya?ml$/.test(x.name));
  openEditor(f ? f.text : "", examples);
  // Commands typed before now print once the opening is in the console
  // (console.js consoleOpened): before opened(), since a lesson's opening
  // runs its solved steps through the console too.
  if (opening.source === "new") {
    await opening.first;
    if (!welcomed) print(t("app.welcome", { version }), "note");
    consoleOpened();
  } else {
    try {
      const r = await opening.first;
      if (r.error && !r.lesson) throw new Error(r.error);
      consoleOpened();
      await opened(r);
    } catch (err) {
      await openEmpty(err);
    }
  }
  if (opening.source === "saved") sendDraft(); // the editor's own text may be newer than the saved one
  $("loading").hidden = true;
  pageReady = true;
  restoring = false;
  document.body.classList.remove("restoring");
  document.body.classList.add("ready");
  performance.mark("kubeplay-ready"); // the end-to-end checks time the load with it
  if (opening.embed) await begin(opening.embed);
}

// listLanguages fills the language picker, at first paint; choosing one
// reloads the page in it (the session is saved, so it comes back).
function listLanguages() {
  const select = fillMenu("lang", languages.map((l) => ({ name: l.code, title: l.name })));
  for (const o of select.options) o.lang = o.value; // each name read in its own language
  select.value = lang;
  select.addEventListener("change", () => setLanguage(select.value));
}

// opened shows the opening session: a lesson at the page the address or
// the learner's progress gives, or the restored session as it was. An
// address naming another lesson than the saved session's opens that lesson
// afresh.
async function opened(r) {
  if (opening.embed) return showLoad(r); // an embed has no guide: the full page teaches the lesson
  if (opening.source === "example") {
    $("examples").value = opening.example;
    return playExample(r);
  }
  const want = opening.lesson;
  if (opening.source === "lesson") return startLesson(r, want.name, want.step);
  if (want && !(r.lesson && r.lessonRef === want.name)) return openLesson(want.name, want.step);
  showLoad(r, opening.source === "saved");
  if (opening.source === "saved") print(t("app.restored"), "note");
  else if (opening.source === "link") print(t("app.openedAt", { tick: r.cursor, head: r.head }), "note");
  if (r.lessonRef && !r.lesson) print(t("app.lessonGone", { lesson: r.lessonRef }), "note");
  if (r.lesson) showLesson(r, want && want.step !== null ? want.step : storedPage(r.lessonRef, r.lesson.steps.length));
}

// openEmpty opens an empty session when the link or the saved session
// could not be opened (damaged, failing on replay, or breaking the core),
// says so, and puts the link's editor text in the editor. The link leaves
// the address bar and the saved session is dropped, so a reload does not
// try them again.
async function openEmpty(err) {
  const e = opening.embed;
  const source = e ? e.kind : opening.source;
  const what = source === "link" ? t("app.failedLink")
    : source === "lesson" ? t("app.failedLesson", { lesson: e ? e.name : opening.lesson.name })
    : source === "example" ? t("app.failedExample", { example: e ? e.name : opening.example }) : t("app.failedSaved");
  forget();
  if (opening.source !== "saved") setHash("");
  if (broken() || err.crashed || err.restarted) spawnWorker();
  await rpc("create", 1);
  clearConsole();
  print(what, "err");
  print(coreMessage(err), "err"); // on a line of its own: the console does not wrap
  print(t("app.emptyInstead"), "note");
  consoleOpened();
  const state = e ? e.state : opening.state;
  const link = source === "link" ? await rpc("linkFiles", state).catch(() => null) : null;
  if (link && link.editor) {
    setEditor(link.editor);
    print(t("app.linkEditor"), "note");
  }
}

// cancel stops an action that is taking long (Escape while the core is
// busy): the worker cannot take a message while the core runs, so it is
// replaced and the session restored to before the action.
function cancel() {
  const first = oldest();
  if (busy() === 0 || !first || performance.now() - first.at < 1000) return false;
  markBroken();
  setPlaying(false);
  recover(describe(first.op, first.args), t("action.escaped", { s: ((performance.now() - first.at) / 1000).toFixed(1) }), true).catch(fail);
  return true;
}
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && busy() > 0 && cancel()) e.preventDefault(); });

// For the end-to-end checks and the curious: the same calls the page makes.
globalThis.kubeplayPage = { rpc, timings, cancel, view };

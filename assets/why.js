// why.js draws the "Why?" pane: the decision records of the tick shown
// (core/controller Decision: a plain sentence in the page's language, then
// the inputs, formula, result and the upstream function modelled), and
// whether kube-controller-manager runs at all.

import { $, esc, setHTML } from "./dom.js";
import { saidHTML, t, tHTML } from "./i18n.js";
import { runLine } from "./console.js";

// drawControllerManager says whether kube-controller-manager runs and holds
// its Lease: while it does not, no controller reconciles, and the Why? pane
// says so before anything else.
function drawControllerManager(v) {
  const m = v.controllerManager || { state: "leading" };
  // "kubeplay-control-plane_08b83ac8-…" → "…_08b83ac8": the host is always the same.
  const short = (id) => esc(String(id || "").replace(/^.*_([0-9a-f]{8}).*$/, "…_$1"));
  let html;
  if (m.state === "leading") {
    html = tHTML("why.kcmLeads", { who: `<code title="${esc(m.identity)}">${short(m.identity)}</code>` });
  } else if (m.state === "stopped") {
    html = `<span class="bad">${esc(t("why.kcmStopped"))}</span> ${esc(t("why.kcmStoppedWhy"))}`;
  } else {
    html = `<span class="bad">${esc(t("why.kcmWaiting"))}</span> ` +
      tHTML("why.kcmWaitingWhy", { holder: `<code title="${esc(m.holder)}">${short(m.holder)}</code>`, tick: esc(m.freeAt) });
  }
  setHTML("kcm-state", html);
  const b = $("kcm-toggle");
  b.textContent = m.state === "stopped" ? t("why.kcmStart") : t("why.kcmStop");
  b.dataset.line = m.state === "stopped" ? "controller-manager start" : "controller-manager stop";
}

$("kcm-toggle").addEventListener("click", (e) => runLine(e.currentTarget.dataset.line));

// The cluster's own housekeeping (core/session housekeeping: system
// namespaces, per-namespace defaults) folds under a count, so the
// learner's objects come first.
const isSystem = (d) => d.system === true;

function decisionHTML(d) {
  const said = saidHTML(d.say);
  return `<li>${said ? `<p class="say">${said}</p>` : ""}<p class="who"><span class="ctl">${esc(d.controller)}</span> <span class="obj">${esc(d.object)}</span> <code>${esc(d.upstream)}</code></p>
      <p class="what">${esc(d.formula ? `${d.formula} → ${d.result}` : d.result)}</p>
      ${d.inputs && d.inputs.length ? `<dl class="inputs">${d.inputs.map((i) => `<div><dt>${esc(i.name)}</dt><dd>${esc(i.value)}</dd></div>`).join("")}</dl>` : ""}</li>`;
}

let systemOpen = false; // the learner's choice, kept from tick to tick

export function drawWhy(v) {
  $("why-tick").textContent = t("why.atTick", { tick: v.tick });
  drawControllerManager(v);
  if (v.decisions.length === 0) {
    setHTML("why", `<p class="muted">${esc(t("why.nothing", { tick: v.tick }))}</p>`);
    return;
  }
  const mine = v.decisions.filter((d) => !isSystem(d));
  const system = v.decisions.filter(isSystem);
  let html = v.decisionsOmitted ? `<p class="muted">${esc(t("why.omitted", { n: v.decisionsOmitted }))}</p>` : "";
  if (mine.length) html += `<ol class="decisions">${mine.map(decisionHTML).join("")}</ol>`;
  if (system.length) {
    html += `<details class="system"${systemOpen ? " open" : ""}><summary>${esc(t("why.system", { n: system.length }))}</summary>` +
      `<ol class="decisions">${system.map(decisionHTML).join("")}</ol></details>`;
  }
  setHTML("why", html);
}

$("why").addEventListener("toggle", (e) => { if (e.target.matches("details.system")) systemOpen = e.target.open; }, true);

// why.js draws the "Why?" pane: the decision records of the tick shown
// (core/controller Decision: inputs, formula, result, the upstream function
// modelled), and whether kube-controller-manager runs at all.

import { $, esc, setHTML } from "./dom.js";
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
    html = `kube-controller-manager <b>leads</b> (holds Lease kube-system/kube-controller-manager as <code title="${esc(m.identity)}">${short(m.identity)}</code>)`;
  } else if (m.state === "stopped") {
    html = `<span class="bad">kube-controller-manager is stopped:</span> no controller reconciles until a new one starts and takes the Lease over.`;
  } else {
    html = `<span class="bad">kube-controller-manager is waiting for its Lease:</span> held by <code title="${esc(m.holder)}">${short(m.holder)}</code>; ` +
      `it may take it over at tick ${m.freeAt}, 15 s after it last saw the Lease change. Nothing reconciles until then.`;
  }
  setHTML("kcm-state", html);
  const b = $("kcm-toggle");
  b.textContent = m.state === "stopped" ? "Start kube-controller-manager" : "Stop kube-controller-manager";
  b.dataset.line = m.state === "stopped" ? "controller-manager start" : "controller-manager stop";
}

$("kcm-toggle").addEventListener("click", (e) => runLine(e.currentTarget.dataset.line));

export function drawWhy(v) {
  $("why-tick").textContent = `at tick ${v.tick}`;
  drawControllerManager(v);
  if (v.decisions.length === 0) {
    setHTML("why", `<p class="muted">No controller decided anything at tick ${v.tick}. Step back or forward to a tick where something changed.</p>`);
    return;
  }
  let html = v.decisionsOmitted ? `<p class="muted">${v.decisionsOmitted} earlier decisions of this tick are not shown.</p>` : "";
  html += "<ol class=\"decisions\">";
  for (const d of v.decisions) {
    html += `<li><p class="who"><span class="ctl">${esc(d.controller)}</span> <span class="obj">${esc(d.object)}</span> <code>${esc(d.upstream)}</code></p>
      <p class="what">${esc(d.formula ? `${d.formula} → ${d.result}` : d.result)}</p>
      ${d.inputs && d.inputs.length ? `<dl class="inputs">${d.inputs.map((i) => `<div><dt>${esc(i.name)}</dt><dd>${esc(i.value)}</dd></div>`).join("")}</dl>` : ""}</li>`;
  }
  setHTML("why", `${html}</ol>`);
}

// why.js draws the "Why?" pane: the decision records of the tick shown
// (core/controller Decision: a plain sentence in the page's language, then
// the inputs, formula, result and the upstream function modelled), and
// whether kube-controller-manager runs at all.

import { $, esc, setHTML } from "./dom.js";
import { saidHTML, t, tHTML } from "./i18n.js";
import { onOutput, print, runLine } from "./console.js";
import { rpc } from "./rpc.js";
import { view } from "./view.js";

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

// upstream is where each upstream function is defined (upstream.json: the
// release tag Kubeplay models and, per name, its file and line in the
// repository, null for a name with no upstream source, or one per controller
// where two controllers' functions share a name). The pane fetches it the
// first time it draws; until it is in, the names are plain code.
let upstream = null;
let upstreamAsked = false;

function loadUpstream() {
  if (upstreamAsked) return;
  upstreamAsked = true;
  fetch("upstream.json")
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`upstream.json: ${r.status}`))))
    .then((u) => {
      upstream = u;
      if (view()) drawWhy(view());
    })
    .catch((err) => console.warn("kubeplay: the upstream functions' sources could not be loaded:", err));
}

// upstreamHTML is a decision's upstream function, linked to its source at
// the release tag when the table knows it.
function upstreamHTML(d) {
  const name = `<code>${esc(d.upstream)}</code>`;
  const fns = upstream && upstream.functions;
  let where = fns && Object.hasOwn(fns, d.upstream) ? fns[d.upstream] : null;
  if (where && typeof where === "object") where = Object.hasOwn(where, d.controller) ? where[d.controller] : null;
  if (typeof where !== "string") return name;
  const href = `${upstream.repo}/blob/${upstream.tag}/${where}`;
  const title = t("why.upstream.title", { name: d.upstream, tag: upstream.tag, path: where.replace("#L", ":") });
  return `<a class="upstream" href="${esc(href)}" target="_blank" rel="noopener" title="${esc(title)}">${name}</a>`;
}

function decisionHTML(d) {
  const said = saidHTML(d.say);
  return `<li${d.stepped ? ' class="stepped"' : ""}>${said ? `<p class="say">${said}</p>` : ""}<p class="who"><span class="ctl">${esc(d.controller)}</span> <span class="obj">${esc(d.object)}</span> ${upstreamHTML(d)}</p>
      <p class="what">${esc(d.formula ? `${d.formula} → ${d.result}` : d.result)}</p>
      ${d.inputs && d.inputs.length ? `<dl class="inputs">${d.inputs.map((i) => `<div><dt>${esc(i.name)}</dt><dd>${esc(i.value)}</dd></div>`).join("")}</dl>` : ""}</li>`;
}

let systemOpen = false; // the learner's choice, kept from tick to tick
const filter = { controller: "", object: "" }; // the pane's filters, kept from tick to tick
let stepped = null; // what the last Step reconciled: {tick, controller, object, n}

// A Step's output names the reconcile it ran (core/scenario Runner.step:
// "step: CONTROLLER reconciled KEY (N decisions)"); its decisions are the
// last N of that controller at the tick.
const stepLine = /^step: (\S+) reconciled (\S+) \((\d+) decisions?\)$/m;
onOutput((o) => {
  const m = /^step\b/.test(o.line) && stepLine.exec(o.stdout || "");
  stepped = m ? { tick: o.end, controller: m[1], n: Number(m[3]) } : null;
  if (view()) drawWhy(view());
});

// markStepped flags the decisions the last Step made, if they are shown.
function markStepped(v) {
  const ds = v.decisions.map((d) => ({ ...d, stepped: false }));
  if (stepped && stepped.tick === v.tick) {
    let n = stepped.n;
    for (let i = ds.length - 1; i >= 0 && n > 0; i--) {
      if (ds[i].controller === stepped.controller) { ds[i].stepped = true; n--; }
    }
  }
  return ds;
}

// fillFilters lists the controllers and objects of the tick, keeping a
// choice that has nothing at this tick (its decisions are elsewhere).
function fillFilters(ds) {
  const options = (key, all) => {
    const names = [...new Set(ds.map((d) => d[key]))].sort();
    if (filter[key] && !names.includes(filter[key])) names.unshift(filter[key]);
    return [{ value: "", label: all }, ...names.map((n) => ({ value: n, label: n }))];
  };
  fill("why-controller", options("controller", t("why.allControllers")), filter.controller);
  fill("why-object", options("object", t("why.allObjects")), filter.object);
}

// fill sets a filter's options, only when they changed: rebuilding them
// under an open menu would close it.
function fill(id, items, chosen) {
  const select = $(id);
  const key = JSON.stringify(items);
  if (select.dataset.items !== key) {
    select.replaceChildren(...items.map(({ value, label }) => new Option(label, value)));
    select.dataset.items = key;
  }
  select.value = chosen;
}

export function drawWhy(v) {
  loadUpstream();
  $("why-tick").textContent = t("why.atTick", { tick: v.tick });
  drawControllerManager(v);
  fillFilters(v.decisions);
  if (v.decisions.length === 0) {
    setHTML("why", `<p class="muted">${esc(t("why.nothing", { tick: v.tick }))}</p>`);
    return;
  }
  const shown = markStepped(v).filter((d) =>
    (!filter.controller || d.controller === filter.controller) && (!filter.object || d.object === filter.object));
  if (shown.length === 0) {
    setHTML("why", `<p class="muted">${esc(t("why.noneFiltered", { tick: v.tick }))}</p>`);
    return;
  }
  const mine = shown.filter((d) => !isSystem(d));
  const system = shown.filter(isSystem);
  let html = v.decisionsOmitted ? `<p class="muted">${esc(t("why.omitted", { n: v.decisionsOmitted }))}</p>` : "";
  if (mine.length) html += `<ol class="decisions">${mine.map(decisionHTML).join("")}</ol>`;
  if (system.length) {
    html += `<details class="system"${systemOpen ? " open" : ""}><summary>${esc(t("why.system", { n: system.length }))}</summary>` +
      `<ol class="decisions">${system.map(decisionHTML).join("")}</ol></details>`;
  }
  setHTML("why", html);
}

$("why").addEventListener("toggle", (e) => { if (e.target.matches("details.system")) systemOpen = e.target.open; }, true);
for (const [id, key] of [["why-controller", "controller"], ["why-object", "object"]]) {
  $(id).addEventListener("change", (e) => { filter[key] = e.target.value; if (view()) drawWhy(view()); });
}

// Previous / next tick with a decision (of the filtered controller and
// object), from the core's kept records.
async function decisionTick(dir) {
  const v = view();
  if (!v) return;
  const r = await rpc("decisionTick", v.tick, dir, filter.controller, filter.object);
  if (r.found) await rpc("jump", r.tick);
  else print(dir < 0 ? t("why.noEarlier", { tick: v.tick }) : t("why.noLater", { tick: v.tick }), "note");
}
$("why-prev").addEventListener("click", () => decisionTick(-1).catch((err) => print(err.message, "err")));
$("why-next").addEventListener("click", () => decisionTick(1).catch((err) => print(err.message, "err")));

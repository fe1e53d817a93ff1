// app.js is the page's shim. It draws; it never decides: the cluster, the
// timeline, the pod states, the rollout verdicts and the decision records
// all come from the Go core (core/session), which runs in worker.js. This
// file sends the user's actions to the worker and draws the View it answers.

import { describe, forget, makeRecovery, remember, saved } from "./recovery.js";

const $ = (id) => document.getElementById(id);
const store = {
  get(k) { try { return localStorage.getItem(`kubeplay.${k}`); } catch { return null; } },
  set(k, v) { try { localStorage.setItem(`kubeplay.${k}`, v); } catch { /* private mode: keep going */ } },
};

// ---------------------------------------------------------------- worker

let worker;
let nextId = 1;
const pending = new Map();
let busy = 0; // requests in flight
let view = null; // the last View drawn
let scenarios = [];
// How long the last answer took: in the core (worker), parsing, drawing (ms).
const timings = { core: 0, parse: 0, draw: 0 };

function rpc(op, ...args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, op, args, at: performance.now() });
    lastCall = { op, args };
    busy++;
    worker.postMessage({ id, op, args });
  });
}

// spawnWorker starts a worker for the core, replacing (and stopping) any
// earlier one: what that one had in flight is rejected as restarted.
function spawnWorker() {
  if (worker) worker.terminate();
  for (const p of pending.values()) p.reject(Object.assign(new Error("the Kubeplay core was restarted"), { restarted: true }));
  pending.clear();
  busy = 0;
  const w = new Worker("worker.js");
  w.onmessage = (e) => { if (w === worker) onWorkerMessage(e); };
  w.onerror = (e) => { if (w === worker) fail(new Error(e.message || "the worker failed to start")); };
  worker = w;
}

// recover replaces a broken core and restores the last good session
// (recovery.js); broken is set once per worker, so one crash that shows up
// twice (a call that threw, then the Go program's exit) recovers once.
const recover = makeRecovery({ restart: spawnWorker, rpc, print: (text, cls) => print(text, cls) });
function broke(action, error) {
  if (!pageReady || worker.broken) return;
  worker.broken = true;
  setPlaying(false);
  recover(action, error).catch(fail);
}
let pageReady = false;
let lastCall = null; // the last request sent, which a crash is blamed on if none is waiting

// start starts the worker and asks for the first view at once: the
// worker answers it as soon as the core is ready, without waiting for a
// round trip through the page. It runs before the rest of this file is
// evaluated, as the core's download and start-up are the long pole.
function start() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    status("This browser cannot run WebAssembly in a worker, which Kubeplay needs. Please use a current Firefox, Chrome, Edge or Safari.", "error");
    $("progress").hidden = true;
    return;
  }
  spawnWorker();
  const hash = location.hash.slice(1);
  const state = saved();
  opening.source = hash.startsWith("k1.") ? "link" : state ? "saved" : "new";
  opening.state = opening.source === "link" ? hash : state;
  opening.first = opening.source === "new" ? rpc("create", 1) : rpc("decode", opening.state);
  opening.first.catch(() => { /* handled in ready */ });
  status("Loading the Kubeplay core…");
}

// opening is the first request: a share link's session, the session saved
// before a reload (recovery.js), or a new one.
const opening = { source: "new", state: null, first: null };
start();

function onWorkerMessage(e) {
  const m = e.data;
  if (m.type) return onWorkerEvent(m);
  const p = pending.get(m.id);
  pending.delete(m.id);
  busy--;
  if (m.state) {
    remember(m.state);
    // Once the session moves on from the link it was opened from, the link
    // leaves the address bar: a reload then restores the session as it is
    // now (the saved state), not the link's.
    if (pageReady && location.hash.length > 1 && location.hash.slice(1) !== m.state) {
      window.history.replaceState(null, "", location.pathname + location.search);
    }
  }
  if (m.view) {
    const t0 = performance.now();
    const v = JSON.parse(m.view);
    const t1 = performance.now();
    if (v.podPatch) patchPods(v);
    const first = !view;
    draw(v);
    if (first) performance.mark("kubeplay-firstView");
    timings.core = m.ms;
    timings.parse = t1 - t0;
    timings.draw = performance.now() - t1;
  }
  if (m.ok) return p.resolve(m.result);
  p.reject(Object.assign(new Error(m.error), { crashed: Boolean(m.crashed) }));
  if (m.crashed) broke(describe(p.op, p.args), m.error);
}

// patchPods fills in the pods of a view sent as a patch over the last view
// drawn (core/session View.JSONDelta): seq lists runs [start, count] of the
// pods held, which stay the same objects (so their markup is reused), and
// the pods that are new or changed, in order.
function patchPods(v) {
  const { base, n, seq } = v.podPatch;
  if (!view || view.pods.length !== base) {
    // Cannot happen while every view is drawn in order; ask for all.
    v.pods = view ? view.pods : [];
    rpc("view").catch(fail);
    return;
  }
  const held = view.pods;
  if (seq.length === 1 && Array.isArray(seq[0]) && seq[0][0] === 0 && seq[0][1] === held.length && n === held.length) {
    v.pods = held; // no pod changed: the same list, so its grouping is reused too
    return;
  }
  const pods = [];
  for (const e of seq) {
    if (Array.isArray(e)) for (let i = e[0], end = e[0] + e[1]; i < end; i++) pods.push(held[i]);
    else pods.push(e);
  }
  if (pods.length !== n) {
    v.pods = held;
    rpc("view").catch(fail);
    return;
  }
  v.pods = pods;
}

function onWorkerEvent(m) {
  if (m.type === "progress") {
    const p = $("progress");
    if (m.total > 0) p.value = Math.min(m.loaded / m.total, 1); else p.removeAttribute("value");
    status(`Loading the Kubeplay core… ${Math.round(m.loaded / 1024).toLocaleString()} KiB`);
  } else if (m.type === "ready") {
    // The worker's start-up steps, on the page's clock, for the curious
    // and the end-to-end checks.
    for (const [name, t] of Object.entries(m.marks || {})) {
      try { performance.mark(`kubeplay-${name}`, { startTime: t - performance.timeOrigin }); } catch { /* old browser */ }
    }
    if (pageReady) return; // a restarted core: recovery.js carries on
    scenarios = m.scenarios;
    ready(m.version).catch(fail);
  } else if (m.type === "fatal") {
    // After start-up the core stopping is a crash to recover from; the
    // action it broke on is the oldest one still waiting.
    const first = pending.values().next().value || lastCall;
    if (m.crashed && pageReady) broke(first ? describe(first.op, first.args) : "the last action", m.error);
    else if (!pageReady && opening.first && m.crashed) worker.broken = true; // the opening fails: ready() handles it
    else fail(new Error(m.error));
  }
}

function status(text, state = "info") {
  const s = $("status");
  s.textContent = text;
  s.dataset.state = state;
}

function fail(err) {
  console.error(err);
  $("loading").hidden = false;
  $("progress").hidden = true;
  status(`Kubeplay stopped: ${err.message}`, "error");
  setPlaying(false);
}

// ---------------------------------------------------------------- drawing

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// stateWords name the Pod states (core/session's State* constants) in the
// legend's order; the legend is drawn from them.
const stateWords = {
  ready: "ready", notready: "running, not ready", pending: "pending", terminating: "terminating",
  failed: "failing", succeeded: "completed", unknown: "unknown",
};
$("legend").innerHTML = Object.entries(stateWords).map(([k, w]) =>
  `<li><span class="pod s-${k}" aria-hidden="true"></span>${esc(w[0].toUpperCase() + w.slice(1))}</li>`).join("");
const maxPodsDrawn = 240; // per ReplicaSet or node; the rest are counted

function draw(v) {
  view = v;
  drawTransport(v);
  drawPane();
  setHTML("chart", chartSVG(v.chart));
  drawWhy(v);
  drawEvents(v.events);
  const c = v.counts;
  $("summary").textContent = `${v.pods.length} pods: ${Object.keys(c).map((k) => `${c[k]} ${stateWords[k] || k}`).join(", ") || "none"}`;
}

// setHTML replaces an element's content only when it changed: most of a
// big cluster's markup is the same from one tick to the next.
const drawn = new Map();
function setHTML(id, html) {
  if (drawn.get(id) === html) return;
  drawn.set(id, html);
  $(id).innerHTML = html;
}

// drawPane draws the cluster tab that is shown; the others are drawn when
// they are selected.
function drawPane() {
  if (!view) return;
  const v = view;
  const tab = document.querySelector("[role=tab][aria-selected=true]").id;
  const groups = groupPods(v.pods, tab === "tab-nodes" ? "node" : "owner");
  if (tab === "tab-workloads") setCards("pane-workloads", workloadsHTML(v, groups));
  else if (tab === "tab-nodes") setCards("pane-nodes", nodesHTML(v, groups));
  else setCards("pane-services", servicesHTML(v));
  podsMemoTurn();
  cardMemoTurn();
}

// groupPods groups the pods by a field ("" when absent), reusing the last
// grouping while the list is the same (a tick where no pod changed).
let grouped = { pods: null, field: "", groups: null };
function groupPods(pods, field) {
  if (grouped.pods === pods && grouped.field === field) return grouped.groups;
  const groups = new Map();
  for (const p of pods) push(groups, p[field] || "", p);
  grouped = { pods, field, groups };
  return groups;
}

// memoCard returns a card's markup, made by build unless the card was made
// from the same object (compared as JSON) and the same pods' markup last
// time: a big cluster's redraw then rebuilds only the cards that changed,
// and setCards compares only their markup.
let cardMemo = new Map();
let cardMemoNext = new Map();
function memoCard(key, obj, parts, build) {
  const sig = JSON.stringify(obj);
  const m = cardMemo.get(key) || cardMemoNext.get(key);
  const html = m && m.sig === sig && m.parts.length === parts.length && m.parts.every((x, i) => x === parts[i]) ? m.html : build();
  cardMemoNext.set(key, { sig, parts, html });
  return html;
}
// cardMemoTurn keeps the cards of the last draw and drops the rest.
function cardMemoTurn() {
  cardMemo = cardMemoNext;
  cardMemoNext = new Map();
}

// setCards makes a pane hold the given cards ([key, html] pairs), touching
// only the cards whose markup changed: stepping a big cluster back one tick
// redraws the few Deployments that changed, not all of them.
const cardHTML = new WeakMap();
function setCards(id, cards) {
  const pane = $(id);
  const old = new Map();
  for (const el of pane.children) old.set(el.dataset.key, el);
  let at = 0;
  for (const [key, html] of cards) {
    let el = old.get(key);
    if (el) old.delete(key);
    else {
      el = document.createElement("div");
      el.dataset.key = key;
    }
    if (cardHTML.get(el) !== html) {
      el.innerHTML = html;
      cardHTML.set(el, html);
    }
    if (pane.children[at] !== el) pane.insertBefore(el, pane.children[at] || null);
    at++;
  }
  for (const el of old.values()) el.remove();
}

function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

function drawTransport(v) {
  const slider = $("slider");
  slider.max = String(v.head);
  if (!sliderHeld) slider.value = String(v.tick);
  slider.setAttribute("aria-valuetext", `tick ${v.tick} of ${v.head}`);
  const time = v.time ? v.time.slice(11, 19) : "";
  $("clock").textContent = `tick ${v.tick} / ${v.head} · ${time}${v.live ? "" : " · past"}`;
  document.body.classList.toggle("past", !v.live);
  $("back").disabled = v.tick === 0;
}

// podsHTML memoizes podsHTMLOf by the pods themselves: views that share
// their pods (most ticks of a big cluster) share the pod objects too, and
// rebuilding thousands of pods' markup each tick is most of a redraw.
let podsMemo = new Map(); // first pod's name -> {pods, html}
let podsMemoNext = new Map();
function podsHTML(pods) {
  if (!pods || pods.length === 0) return podsHTMLOf(pods);
  const key = pods[0].namespace + "/" + pods[0].name + "/" + pods.length;
  const m = podsMemo.get(key) || podsMemoNext.get(key);
  let html;
  if (m && m.pods.length === pods.length && m.pods.every((p, i) => p === pods[i])) html = m.html;
  else html = podsHTMLOf(pods);
  podsMemoNext.set(key, { pods, html });
  return html;
}
// podsMemoTurn keeps the markup used by the last draw and drops the rest.
function podsMemoTurn() {
  podsMemo = podsMemoNext;
  podsMemoNext = new Map();
}

function podsHTMLOf(pods) {
  if (!pods || pods.length === 0) return `<p class="muted none">no pods</p>`;
  let html = `<ul class="pods" aria-label="${esc(countText(pods))}">`;
  // Each pod is named for screen readers while the list is short; a long
  // one is summed up by the list's label.
  const named = pods.length <= 40;
  for (const p of pods.slice(0, maxPodsDrawn)) {
    const tip = `${p.name}\n${p.status} · ${p.readyText} ready${p.restarts ? ` · ${p.restarts} restarts` : ""}` +
      `${p.node ? `\nnode ${p.node}` : ""}${p.ip ? ` · ${p.ip}` : ""}`;
    html += `<li class="pod s-${esc(p.state)}" title="${esc(tip)}" data-pod="${esc(`${p.namespace}/${p.name}`)}"` +
      `${named ? ` tabindex="0" role="button" aria-label="${esc(`${p.name}: ${p.status}`)}"` : ""}></li>`;
  }
  html += "</ul>";
  if (pods.length > maxPodsDrawn) html += `<p class="muted more">and ${pods.length - maxPodsDrawn} more</p>`;
  return html;
}

function countText(pods) {
  const n = {};
  for (const p of pods) n[p.state] = (n[p.state] || 0) + 1;
  return Object.keys(n).map((k) => `${n[k]} ${stateWords[k] || k}`).join(", ");
}

function statusLine(pods) {
  return pods && pods.length ? `<span class="muted">${esc(countText(pods))}</span>` : "";
}

function workloadsHTML(v, byOwner) {
  const cards = [];
  if (v.deployments.length === 0 && v.replicaSets.length === 0 && !byOwner.get("")) {
    return [["empty", `<p class="empty">No Deployments yet. Apply a manifest (Ctrl+Enter in the editor), pick an example, or type
      <code>kubectl create deployment web --image=nginx:1.25 --replicas=3</code> in the console.</p>`]];
  }
  for (const d of v.deployments) {
    const key = `d/${d.namespace}/${d.name}`;
    const pods = d.replicaSets.map((rs) => byOwner.get(rs.name));
    cards.push([key, memoCard(key, d, pods.map(podsHTML), () => deploymentHTML(d, pods))]);
  }
  for (const rs of v.replicaSets) cards.push([`rs/${rs.namespace}/${rs.name}`, `<article class="card">${rsHTML(rs, byOwner.get(rs.name))}</article>`]);
  const bare = byOwner.get("");
  if (bare) cards.push(["bare", `<article class="card"><h3>Pods without a ReplicaSet</h3>${podsHTML(bare)}</article>`]);
  return cards;
}

// deploymentHTML is a Deployment's card; pods are the pods of each of its
// ReplicaSets, in order.
function deploymentHTML(d, pods) {
  const conds = d.conditions.map((c) => `<tr><th scope="row">${esc(c.type)}</th><td class="st-${esc(c.status)}">${esc(c.status)}</td>` +
    `<td>${esc(c.reason)}</td><td>${esc(c.message)}</td><td class="num">${c.lastUpdateTick}</td></tr>`).join("");
  return `<article class="card" aria-label="Deployment ${esc(d.name)}">
      <header class="card-head">
        <h3><span class="kind">deployment</span> ${esc(d.name)}${d.namespace !== "default" ? ` <span class="muted">-n ${esc(d.namespace)}</span>` : ""}</h3>
        ${d.paused ? `<span class="badge warn">paused</span>` : ""}
        <span class="badge">revision ${esc(d.revision || "–")}</span>
        <span class="muted">${esc(d.strategySummary)}${d.minReadySeconds ? ` · minReadySeconds ${d.minReadySeconds}` : ""}</span>
      </header>
      <dl class="counts">
        <div><dt>desired</dt><dd>${d.replicas}</dd></div><div><dt>current</dt><dd>${d.current}</dd></div>
        <div><dt>up-to-date</dt><dd>${d.updated}</dd></div><div><dt>ready</dt><dd>${d.ready}</dd></div>
        <div><dt>available</dt><dd>${d.available}</dd></div><div><dt>unavailable</dt><dd>${d.unavailable}</dd></div>
        ${d.terminating ? `<div><dt>terminating</dt><dd>${d.terminating}</dd></div>` : ""}
      </dl>
      <p class="rollout">${esc(d.rollout)}</p>
      ${d.conditions.length ? `<table class="conditions"><caption class="visually-hidden">Conditions</caption>
        <thead><tr><th scope="col">Condition</th><th scope="col">Status</th><th scope="col">Reason</th><th scope="col">Message</th><th scope="col">Updated at tick</th></tr></thead>
        <tbody>${conds}</tbody></table>` : ""}
      ${d.replicaSets.map((rs, i) => rsHTML(rs, pods[i])).join("")}
    </article>`;
}

function rsHTML(rs, pods) {
  return `<section class="rs ${rs.new ? "rs-new" : "rs-old"}" aria-label="ReplicaSet ${esc(rs.name)}">
    <header>
      <span class="badge ${rs.new ? "new" : "old"}">${rs.new ? "new" : "old"}</span>
      <strong>${esc(rs.name)}</strong>
      <span class="muted">rev ${esc(rs.revision || "–")} · hash ${esc(rs.hash || "–")} · ${esc(rs.images.join(", "))}</span>
      <span class="rs-counts">desired <b>${rs.desired}</b> · current <b>${rs.current}</b> · ready <b>${rs.ready}</b> · available <b>${rs.available}</b></span>
      ${statusLine(pods)}
    </header>
    ${(rs.conditions || []).map((c) => `<p class="warn-text">${esc(c.type)}: ${esc(c.reason)}: ${esc(c.message)}</p>`).join("")}
    ${podsHTML(pods)}
  </section>`;
}

function nodesHTML(v, byNode) {
  const cards = [];
  for (const n of v.nodes) {
    const pods = byNode.get(n.name);
    cards.push([n.name, memoCard(`n/${n.name}`, n, [podsHTML(pods)], () => `<article class="card node" aria-label="Node ${esc(n.name)}">
      <header class="card-head"><h3><span class="kind">node</span> ${esc(n.name)}</h3>
        <span class="badge ${n.ready === "True" ? "ok" : "bad"}">${esc(n.status)}</span>
        <span class="muted">${n.pods}/${esc(n.podCapacity || "?")} pods · cpu ${esc(n.cpu)} · memory ${esc(n.memory)} · ${esc(n.podCIDR)}</span>
        ${n.taints.map((t) => `<span class="badge warn">taint ${esc(t)}</span>`).join("")}
      </header>${podsHTML(pods)}</article>`)]);
  }
  const unscheduled = byNode.get("");
  if (unscheduled) cards.push(["", `<article class="card"><h3>Not scheduled</h3>${podsHTML(unscheduled)}</article>`]);
  return cards.length ? cards : [["empty", `<p class="empty">No nodes.</p>`]];
}

function servicesHTML(v) {
  if (v.services.length === 0) return [["empty", `<p class="empty">No Services.</p>`]];
  return v.services.map((s) => [`${s.namespace}/${s.name}`, `<article class="card" aria-label="Service ${esc(s.name)}">
    <header class="card-head"><h3><span class="kind">service</span> ${esc(s.name)}</h3>
      <span class="muted">${esc(s.type)} · ${esc(s.clusterIP)} · ${esc(s.ports.join(", "))}${s.external ? ` · ${esc(s.external)}` : ""} · selector ${esc(s.selector || "<none>")}</span></header>
    ${s.endpoints.length ? `<table class="endpoints"><thead><tr><th scope="col">Address</th><th scope="col">Pod</th><th scope="col">Node</th><th scope="col">Ready</th><th scope="col">Serving</th><th scope="col">Terminating</th></tr></thead><tbody>
      ${s.endpoints.map((e) => `<tr><td>${esc(e.ip)}</td><td>${esc(e.pod)}</td><td>${esc(e.node)}</td><td class="st-${e.ready}">${e.ready}</td><td>${e.serving}</td><td>${e.terminating}</td></tr>`).join("")}
    </tbody></table>` : `<p class="muted">no endpoints</p>`}</article>`]);
}

// Okabe–Ito: distinguishable with the common colour-vision deficiencies.
const palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#000000"];

function chartSVG(c) {
  if (!c || c.series.length === 0) return `<p class="muted">No ReplicaSets yet.</p>`;
  const W = 420, H = 170, L = 30, R = 6, T = 8, B = 20;
  const span = Math.max(c.to - c.from, 1);
  let maxY = 1;
  for (const s of c.series) for (const p of s.points) maxY = Math.max(maxY, p[1], p[2], p[3]);
  const x = (t) => (L + ((W - L - R) * (t - c.from)) / span).toFixed(1);
  const y = (n) => (T + (H - T - B) * (1 - n / maxY)).toFixed(1);
  // A step line through the change points: a count holds until the next
  // point's tick. Column k of a point: 2 current, 3 ready.
  const path = (points, k) => {
    let d = "";
    points.forEach((p, i) => {
      const end = i + 1 < points.length ? points[i + 1][0] : c.to;
      if (p[k] < 0) return;
      const from = i > 0 && points[i - 1][k] >= 0 ? "L" : "M";
      d += `${from}${x(p[0])},${y(p[k])}L${x(end)},${y(p[k])}`;
    });
    return d;
  };
  let lines = "", legend = "";
  c.series.forEach((s, i) => {
    const col = palette[i % palette.length];
    lines += `<path d="${path(s.points, 2)}" fill="none" stroke="${col}" stroke-width="2.5"/>` +
      `<path d="${path(s.points, 3)}" fill="none" stroke="${col}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
    legend += `<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${col}"/></svg>` +
      `${esc(s.name)}${s.revision ? ` <span class="muted">rev ${esc(s.revision)}</span>` : ""}</li>`;
  });
  const label = `Replicas per ReplicaSet from tick ${c.from} to ${c.to}: ` + c.series.map((s) => {
    const p = s.points[s.points.length - 1];
    return p[2] < 0 ? `${s.name} deleted` : `${s.name} ${p[2]} current, ${p[3]} ready`;
  }).join("; ");
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" class="chart-svg">
    <line x1="${L}" y1="${y(0)}" x2="${W - R}" y2="${y(0)}" class="axis"/>
    <line x1="${L}" y1="${T}" x2="${L}" y2="${y(0)}" class="axis"/>
    <text x="${L - 4}" y="${Number(y(maxY)) + 4}" text-anchor="end" class="tick-label">${maxY}</text>
    <text x="${L - 4}" y="${Number(y(0)) + 4}" text-anchor="end" class="tick-label">0</text>
    <text x="${L}" y="${H - 5}" class="tick-label">tick ${c.from}</text>
    <text x="${W - R}" y="${H - 5}" text-anchor="end" class="tick-label">tick ${c.to}</text>
    ${lines}</svg>
    <ul class="chart-legend"><li class="muted">solid: current · dashed: ready</li>${legend}</ul>`;
}

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

// showPod opens a pod's detail: the CRI calls its kubelet made for it and
// kubectl describe pod, both at the tick shown.
async function showPod(key) {
  const [ns, name] = key.split("/");
  let d;
  try {
    d = await rpc("pod", ns, name);
  } catch (err) {
    print(err.message, "err");
    return;
  }
  $("pod-h").textContent = `Pod ${d.name}`;
  $("pod-sub").textContent = `${d.namespace}${d.node ? ` · node ${d.node}` : " · not scheduled"} · at tick ${view ? view.tick : ""}`;
  $("pod-cri").tBodies[0].innerHTML = d.cri.length === 0
    ? `<tr><td colspan="4" class="muted">No CRI calls yet: the pod is not running on a node.</td></tr>`
    : d.cri.map((c) => `<tr><td>${c.tick}</td><td><code>${esc(c.call)}</code></td><td>${esc(c.container)}</td><td>${esc(c.detail)}</td></tr>`).join("");
  $("pod-describe").textContent = d.describe;
  if (!$("pod-detail").open) $("pod-detail").showModal();
}

for (const id of ["pane-workloads", "pane-nodes"]) {
  $(id).addEventListener("click", (e) => {
    const li = e.target.closest("[data-pod]");
    if (li) showPod(li.dataset.pod);
  });
  $(id).addEventListener("keydown", (e) => {
    const li = e.target.closest("[data-pod]");
    if (li && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); showPod(li.dataset.pod); }
  });
}

$("kcm-toggle").addEventListener("click", (e) => runLine(e.currentTarget.dataset.line));

function drawWhy(v) {
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

function drawEvents(events) {
  let html = "";
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    html += `<tr class="${e.type === "Warning" ? "warning" : ""}"><td>${esc(e.lastSeen)}</td><td>${esc(e.type)}</td><td>${esc(e.reason)}</td>` +
      `<td>${esc(e.object)}</td><td>${esc(e.message)}${e.count > 1 ? ` <span class="muted">(x${e.count})</span>` : ""}</td></tr>`;
  }
  html ||= `<tr><td colspan="5" class="muted">No events.</td></tr>`;
  if (drawnEvents !== html) $("events").tBodies[0].innerHTML = drawnEvents = html;
}
let drawnEvents = null;

// ---------------------------------------------------------------- console

const out = $("console-output");
const input = $("console-input");
const cmdHistory = JSON.parse(store.get("history") || "[]");
let historyAt = cmdHistory.length;

function print(text, cls = "") {
  const span = document.createElement("span");
  if (cls) span.className = cls;
  span.textContent = text.endsWith("\n") || text === "" ? text : `${text}\n`;
  out.append(span);
  while (out.childNodes.length > 600) out.firstChild.remove();
  out.scrollTop = out.scrollHeight;
}

function printOutput(o) {
  print(`$ ${o.line}`, "cmd");
  if (o.discarded) print(`(went back to tick ${o.tick}: ${o.discarded} later ticks discarded)`, "note");
  if (o.past) print(`(read at tick ${o.tick}; the timeline is unchanged)`, "note");
  if (o.stdout) print(o.stdout);
  if (o.stderr) print(o.stderr, "err");
}

async function runLine(line) {
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

// ---------------------------------------------------------------- editor

const editor = $("editor");
const gutter = $("gutter");
let errorsByLine = new Map();
let appliedText = null;

function drawGutter() {
  const n = editor.value.split("\n").length;
  let html = "";
  for (let i = 1; i <= n; i++) {
    const err = errorsByLine.get(i);
    html += err ? `<span class="ln err" title="${esc(err)}">${i}</span>\n` : `${i}\n`;
  }
  gutter.innerHTML = html;
  gutter.scrollTop = editor.scrollTop;
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
    where.textContent = e.line ? `Line ${e.line}, column ${e.column}${e.doc > 1 ? ` (document ${e.doc})` : ""}` : `Document ${e.doc || 1}`;
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
editor.addEventListener("input", () => {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => store.set("editor", editor.value), 250);
  drawGutter();
  editorState();
});
editor.addEventListener("scroll", () => { gutter.scrollTop = editor.scrollTop; });
editor.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    apply();
  } else if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey) {
    // Two spaces, as YAML wants; Escape then Tab leaves the editor.
    if (editor.dataset.tabEscape === "1") { editor.dataset.tabEscape = ""; return; }
    e.preventDefault();
    editor.setRangeText("  ", editor.selectionStart, editor.selectionEnd, "end");
    editor.dispatchEvent(new Event("input"));
  } else if (e.key === "Escape") {
    editor.dataset.tabEscape = "1";
  }
});

function editorState() {
  $("editor-state").textContent = appliedText === null ? "" : appliedText === editor.value ? "applied" : "changed since applied";
}

// manifestProblems shows why the editor's text could not be read: each
// error at its line, and in the console under the command it stopped.
function manifestProblems(verb, errors) {
  showErrors(errors);
  print(`$ kubectl ${verb} (editor)`, "cmd");
  print(`error: the manifest has ${errors.length} problem${errors.length > 1 ? "s" : ""}; see the editor`, "err");
}

async function apply() {
  store.set("editor", editor.value);
  try {
    const r = await rpc("apply", editor.value);
    if (r.errors.length) return manifestProblems("apply", r.errors);
    printOutput(r.output);
    showErrors([], r.ok ? "" : r.output.stderr.trim());
    if (r.ok) appliedText = editor.value;
    editorState();
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
    showErrors([]);
    printOutput(r.output);
    if (r.output.exit === 0) print("(no differences: applying would change nothing)", "note");
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

function setEditor(text) {
  const current = editor.value;
  if (current.trim() && current !== text && !scenarios.some((s) => s.files.some((f) => f.text === current))) {
    store.set("editor.backup", current); // never lose what the user typed
    $("restore").hidden = false;
  }
  editor.value = text;
  store.set("editor", text);
  appliedText = null;
  showErrors([]);
  editorState();
}

// ---------------------------------------------------------------- transport

let playing = false;
let speed = Number($("speed").value);
let credit = 0;
let lastFrame = 0;
let sliderHeld = false;

function setPlaying(on) {
  playing = on;
  $("play").setAttribute("aria-pressed", String(on));
  $("play").textContent = on ? "Pause" : "Run";
  if (on) {
    lastFrame = performance.now();
    credit = 1;
    requestAnimationFrame(frame);
  }
}

function frame(now) {
  if (!playing) return;
  credit = Math.min(credit + ((now - lastFrame) / 1000) * speed, Math.max(speed, 1));
  lastFrame = now;
  if (busy === 0 && credit >= 1) {
    const n = Math.floor(credit);
    credit -= n;
    rpc("tick", n).catch((err) => { print(err.message, "err"); setPlaying(false); });
  }
  requestAnimationFrame(frame);
}

const act = (op, ...args) => () => rpc(op, ...args).then((o) => {
  if (o && o.line && (o.stdout || o.stderr || o.discarded)) printOutput(o);
}).catch((err) => print(err.message, "err"));

$("play").addEventListener("click", () => setPlaying(!playing));
$("tick").addEventListener("click", act("tick", 1));
$("back").addEventListener("click", act("back"));
$("step").addEventListener("click", act("step"));
$("speed").addEventListener("change", () => { speed = Number($("speed").value); });
$("reset").addEventListener("click", async () => {
  if (view && view.head > 0 && !confirm("Start over on a fresh cluster? The timeline is discarded; the editor keeps its text.")) return;
  setPlaying(false);
  await rpc("reset", view ? view.seed : 1);
  $("scenario-title").textContent = "";
  print("(cluster reset)", "note");
});

// The slider jumps to the tick it shows; while a jump is in flight the
// latest wanted tick waits, so dragging never queues up work.
let wantTick = null;
function jumpSoon(t) {
  wantTick = t;
  if (busy > 0) return;
  const go = wantTick;
  wantTick = null;
  rpc("jump", go).then(() => { if (wantTick !== null) jumpSoon(wantTick); }, (err) => print(err.message, "err"));
}
const slider = $("slider");
slider.addEventListener("input", () => { setPlaying(false); jumpSoon(Number(slider.value)); });
slider.addEventListener("pointerdown", () => { sliderHeld = true; });
slider.addEventListener("pointerup", () => { sliderHeld = false; });

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (t instanceof HTMLInputElement && t.type !== "range" || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (!view) return;
  const keys = {
    " ": () => setPlaying(!playing),
    ArrowRight: act("tick", 1),
    ArrowLeft: act("back"),
    ".": act("step"),
    Home: () => rpc("jump", 0),
    End: () => rpc("jump", view.head),
    "?": () => $("help").showModal(),
  };
  const f = keys[e.key];
  if (!f || t instanceof HTMLInputElement && e.key !== " " && e.key !== "?") return;
  if (t instanceof HTMLButtonElement && e.key === " ") return; // Space presses the button
  e.preventDefault();
  f();
});
$("help-open").addEventListener("click", () => $("help").showModal());

// ---------------------------------------------------------------- tabs, theme, share

const tabs = [...document.querySelectorAll("[role=tab]")];
function selectTab(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  drawPane();
}
for (const t of tabs) {
  t.addEventListener("click", () => selectTab(t));
  t.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(t);
    const j = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : -99;
    if (j === -99) return;
    e.preventDefault();
    const next = tabs[(j + tabs.length) % tabs.length];
    selectTab(next);
    next.focus();
  });
}

function setTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  const dark = theme ? theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  $("theme").textContent = dark ? "Light" : "Dark";
  $("theme").setAttribute("aria-pressed", String(dark));
}
setTheme(store.get("theme"));
$("theme").addEventListener("click", () => {
  const dark = $("theme").getAttribute("aria-pressed") === "true";
  const theme = dark ? "light" : "dark";
  store.set("theme", theme);
  setTheme(theme);
});

$("share").addEventListener("click", async () => {
  const state = await rpc("encode");
  window.history.replaceState(null, "", `#${state}`);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    print(`(link copied: ${url.length} characters; it replays this session up to tick ${view.tick})`, "note");
  } catch {
    print(`(share this link: ${url})`, "note");
  }
});

$("examples").addEventListener("change", async () => {
  const name = $("examples").value;
  if (!name) return;
  setPlaying(false);
  try {
    const r = await rpc("example", name);
    showLoad(r);
  } catch (err) {
    print(err.message, "err");
  }
});

function showLoad(r, keepEditor = false) {
  $("scenario-title").textContent = r.title || "";
  out.textContent = "";
  if (r.title) print(`# ${r.title}`, "note");
  for (const o of r.transcript || []) printOutput(o); // an empty session's is null
  if (r.error) print(`error: ${r.error}`, "err");
  print(`(ticks 0 to ${r.head}; press Home, then Run, to watch it from the start)`, "note");
  const manifest = (r.files || []).find((f) => /\.ya?ml$/.test(f.name));
  if (manifest && !keepEditor) setEditor(manifest.text);
}

// ---------------------------------------------------------------- start

async function ready(version) {
  const select = $("examples");
  for (const s of scenarios) {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = s.title;
    select.append(o);
  }
  select.disabled = false;
  const saved = store.get("editor");
  if (saved !== null) editor.value = saved;
  else {
    const first = scenarios.find((s) => s.name === "create") || scenarios[0];
    const f = first && first.files.find((x) => /\.ya?ml$/.test(x.name));
    editor.value = f ? f.text : "";
  }
  drawGutter();
  if (opening.source === "new") {
    await opening.first;
    print(`Kubeplay ${version}: a simulated cluster of three nodes. Type "help", or apply the manifest (Ctrl+Enter).`, "note");
  } else {
    try {
      const r = await opening.first;
      if (r.error) throw new Error(r.error);
      showLoad(r, opening.source === "saved");
      if (opening.source === "saved") print("(the session was restored as you left it)", "note");
    } catch (err) {
      await openEmpty(err);
    }
  }
  $("loading").hidden = true;
  pageReady = true;
  document.body.classList.add("ready");
  performance.mark("kubeplay-ready"); // the end-to-end checks time the load with it
}

// openEmpty opens an empty session when the link or the saved session
// could not be opened (damaged, failing on replay, or breaking the core),
// says so, and puts the link's editor text in the editor. The link leaves
// the address bar and the saved session is dropped, so a reload does not
// try them again.
async function openEmpty(err) {
  const what = opening.source === "link" ? "This link" : "The session saved in this browser";
  forget();
  if (opening.source === "link") window.history.replaceState(null, "", location.pathname + location.search);
  if (worker.broken || err.crashed || err.restarted) spawnWorker();
  await rpc("create", 1);
  out.textContent = "";
  print(`${what} could not be opened:`, "err");
  print(coreMessage(err), "err"); // on a line of its own: the console does not wrap
  print("(this is a new, empty session instead)", "note");
  const link = opening.source === "link" ? await rpc("linkFiles", opening.state).catch(() => null) : null;
  if (link && link.editor) {
    setEditor(link.editor);
    print("(the editor holds the link's manifest)", "note");
  }
}

// coreMessage is an error's message without the bridge's "kubeplay.op: ".
const coreMessage = (err) => String(err.message).replace(/^kubeplay\.\w+: /, "");

// cancel stops an action that is taking long (Escape while the core is
// busy): the worker cannot take a message while the core runs, so it is
// replaced and the session restored to before the action.
function cancel() {
  const first = pending.values().next().value;
  if (!first || performance.now() - first.at < 1000) return false;
  worker.broken = true;
  setPlaying(false);
  recover(describe(first.op, first.args), `Escape, after ${((performance.now() - first.at) / 1000).toFixed(1)} s`, true).catch(fail);
  return true;
}
document.addEventListener("keydown", (e) => { if (e.key === "Escape" && busy > 0 && cancel()) e.preventDefault(); });

// For the end-to-end checks and the curious: the same calls the page makes.
globalThis.kubeplayPage = { rpc, timings, cancel };

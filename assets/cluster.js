// cluster.js draws the cluster view: the Deployments with their
// ReplicaSets and Pods, the Nodes, the Services, one tab at a time, and the
// legend of Pod states. A big cluster's redraw touches only the cards and
// Pod lists that changed.

import { $, esc, push } from "./dom.js";
import { view } from "./view.js";
import { lang, ready, t, tHTML } from "./i18n.js";

// stateWords name the Pod states (core/session's State* constants) in the
// legend's order; the legend is drawn from them.
// Each names its catalog keys: state.K for a count ("3 ready") and
// state.K.legend for the legend ("Ready").
const stateWords = {
  ready: "state.ready", notready: "state.notready", pending: "state.pending", terminating: "state.terminating",
  failed: "state.failed", succeeded: "state.succeeded", unknown: "state.unknown",
};
const stateWord = (k) => (stateWords[k] ? t(stateWords[k]) : k);
ready.then(() => {
  $("legend").innerHTML = Object.entries(stateWords).map(([k, key]) =>
    `<li><span class="pod s-${k}" aria-hidden="true"></span>${esc(t(`${key}.legend`))}</li>`).join("");
});
const maxPodsDrawn = 240; // per ReplicaSet or node; the rest are counted

// drawCluster draws the tab that is shown and the summary line; the other
// tabs are drawn when they are selected.
export function drawCluster(v) {
  const tab = document.querySelector("[role=tab][aria-selected=true]").id;
  const groups = groupPods(v.pods, tab === "tab-nodes" ? "node" : "owner");
  if (tab === "tab-workloads") setCards("pane-workloads", workloadsHTML(v, groups));
  else if (tab === "tab-nodes") setCards("pane-nodes", nodesHTML(v, groups));
  else setCards("pane-services", servicesHTML(v));
  podsMemoTurn();
  cardMemoTurn();
  const c = v.counts;
  $("summary").textContent = t("cluster.summary", { n: v.pods.length, states: countsText(c) || t("cluster.none") });
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
      const before = podStates(el);
      el.innerHTML = html;
      cardHTML.set(el, html);
      markChanged(el, before);
    }
    if (pane.children[at] !== el) pane.insertBefore(el, pane.children[at] || null);
    at++;
  }
  for (const el of old.values()) el.remove();
}


// podStates maps each Pod drawn in el to its state class.
function podStates(el) {
  const m = new Map();
  for (const li of el.querySelectorAll("li[data-pod]")) m.set(li.dataset.pod, stateClass(li));
  return m;
}
const stateClass = (li) => [...li.classList].find((c) => c.startsWith("s-"));

// markChanged marks the Pods of a redrawn card that are new or changed
// state since it was last drawn, so the tick's change shows as a short
// animation (style.css .pod.changed; none with prefers-reduced-motion).
// A card drawn for the first time (a tab opened, a new Deployment) marks
// nothing: only what a tick changed moves.
function markChanged(el, before) {
  if (before.size === 0) return;
  for (const li of el.querySelectorAll("li[data-pod]")) {
    if (before.get(li.dataset.pod) !== stateClass(li)) li.classList.add("changed");
  }
}

// podsHTML memoizes podsHTMLOf by the pods themselves: views that share
// their pods (most ticks of a big cluster) share the pod objects too, and
// rebuilding thousands of pods' markup each tick is most of a redraw.
let podsMemo = new Map(); // first pod's name -> {pods, html}
let podsMemoNext = new Map();
function podsHTML(pods, where = "owner") {
  if (!pods || pods.length === 0) return podsHTMLOf(pods, where);
  const key = where + "/" + pods[0].namespace + "/" + pods[0].name + "/" + pods.length;
  const m = podsMemo.get(key) || podsMemoNext.get(key);
  let html;
  if (m && m.pods.length === pods.length && m.pods.every((p, i) => p === pods[i])) html = m.html;
  else html = podsHTMLOf(pods, where);
  podsMemoNext.set(key, { pods, html });
  return html;
}
// podsMemoTurn keeps the markup used by the last draw and drops the rest.
function podsMemoTurn() {
  podsMemo = podsMemoNext;
  podsMemoNext = new Map();
}

// A short list draws each Pod as a chip that reads at a glance: its
// state's shape and colour, the end of its name, its node (in the
// Deployments tab) and, unless it is simply running, the STATUS kubectl
// prints (ErrImagePull, CrashLoopBackOff, ContainerCreating, ...). A long
// one draws squares, with the same in their tooltips.
const maxChips = 8;
const plainStatus = new Set(["Running", "Completed"]);

function podsHTMLOf(pods, where) {
  if (!pods || pods.length === 0) return `<p class="muted none">${esc(t("cluster.noPods"))}</p>`;
  let html = `<ul class="pods" aria-label="${esc(countText(pods))}">`;
  // Each pod is named for screen readers while the list is short; a long
  // one is summed up by the list's label.
  const named = pods.length <= 40;
  const chips = pods.length <= maxChips;
  for (const p of pods.slice(0, maxPodsDrawn)) {
    const tip = `${p.name}\n${p.status} · ${p.readyText} ready${p.restarts ? ` · ${p.restarts} restarts` : ""}` +
      `${p.node ? `\nnode ${p.node}` : ""}${p.ip ? ` · ${p.ip}` : ""}`;
    const inner = chips ? `<span class="pid">${esc(p.name.slice(p.name.lastIndexOf("-") + 1))}</span>` +
      `${where === "owner" && p.node ? `<span class="pnode">${esc(p.node)}</span>` : ""}` +
      `${plainStatus.has(p.status) ? "" : `<span class="preason">${esc(p.status)}</span>`}` : "";
    html += `<li class="pod${chips ? " chip" : ""} s-${esc(p.state)}" title="${esc(tip)}" data-pod="${esc(`${p.namespace}/${p.name}`)}"` +
      `${named ? ` tabindex="0" role="button" aria-label="${esc(`${p.name}: ${p.status}`)}"` : ""}>${inner}</li>`;
  }
  html += "</ul>";
  if (pods.length > maxPodsDrawn) html += `<p class="muted more">${esc(t("cluster.more", { n: pods.length - maxPodsDrawn }))}</p>`;
  return html;
}

// nameButton is an object's name that opens its side panel (detail.js).
function nameButton(kind, ns, name) {
  return `<button type="button" class="link objname" data-object="${esc(`${kind}/${ns}/${name}`)}" title="${esc(t("detail.open", { name }))}">${esc(name)}</button>`;
}

// countsText is "3 ready, 1 pending" for counts by state.
function countsText(n) {
  return Object.keys(n).map((k) => `${n[k].toLocaleString(lang)} ${stateWord(k)}`).join(", ");
}

function countText(pods) {
  const n = {};
  for (const p of pods) n[p.state] = (n[p.state] || 0) + 1;
  return countsText(n);
}

function statusLine(pods) {
  return pods && pods.length ? `<span class="muted">${esc(countText(pods))}</span>` : "";
}

function workloadsHTML(v, byOwner) {
  const cards = [];
  if (v.deployments.length === 0 && v.replicaSets.length === 0 && !byOwner.get("")) {
    return [["empty", `<p class="empty">${tHTML("cluster.empty", { command: "<code>kubectl create deployment web --image=nginx:1.25 --replicas=3</code>" })}</p>`]];
  }
  for (const d of v.deployments) {
    const key = `d/${d.namespace}/${d.name}`;
    const pods = d.replicaSets.map((rs) => byOwner.get(rs.name));
    cards.push([key, memoCard(key, d, pods.map((p) => podsHTML(p)), () => deploymentHTML(d, pods))]);
  }
  for (const rs of v.replicaSets) cards.push([`rs/${rs.namespace}/${rs.name}`, `<article class="card">${rsHTML(rs, byOwner.get(rs.name))}</article>`]);
  const bare = byOwner.get("");
  if (bare) cards.push(["bare", `<article class="card"><h3>${esc(t("cluster.bare"))}</h3>${podsHTML(bare)}</article>`]);
  return cards;
}

// deploymentHTML is a Deployment's card; pods are the pods of each of its
// ReplicaSets, in order.
function deploymentHTML(d, pods) {
  const conds = d.conditions.map((c) => `<tr><th scope="row">${esc(c.type)}</th><td class="st-${esc(c.status)}">${esc(c.status)}</td>` +
    `<td>${esc(c.reason)}</td><td>${esc(c.message)}</td><td class="num">${c.lastUpdateTick}</td></tr>`).join("");
  return `<article class="card" aria-label="Deployment ${esc(d.name)}">
      <header class="card-head">
        <h3><span class="kind">deployment</span> ${nameButton("deployment", d.namespace, d.name)}${d.namespace !== "default" ? ` <span class="muted">-n ${esc(d.namespace)}</span>` : ""}</h3>
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
      ${d.uses && d.uses.length ? `<p class="uses"><span class="muted">${esc(t("card.uses"))}</span> ${d.uses.map((u) => useHTML(u, d.namespace)).join(" ")}</p>` : ""}
      ${d.conditions.length ? `<div class="table-scroll"><table class="conditions"><caption class="visually-hidden">${esc(t("card.conditions"))}</caption>
        <thead><tr><th scope="col">${esc(t("card.condition"))}</th><th scope="col">${esc(t("card.status"))}</th><th scope="col">${esc(t("card.reason"))}</th>` +
        `<th scope="col">${esc(t("card.message"))}</th><th scope="col">${esc(t("card.updatedAt"))}</th></tr></thead>
        <tbody>${conds}</tbody></table></div>` : ""}
      ${d.replicaSets.map((rs, i) => rsHTML(rs, pods[i])).join("")}
    </article>`;
}

// useHTML is one ConfigMap, Secret or claim a Deployment's Pods read: a
// link to it, or a warning where the kubelet will not find it.
const useKind = { configmap: "configmap", secret: "secret", persistentvolumeclaim: "pvc" };
function useHTML(u, ns) {
  const kind = `<span class="kind">${esc(useKind[u.resource] || u.resource)}</span>`;
  if (u.missing) return `<span class="use">${kind} ${esc(u.name)} <span class="badge warn">${esc(t("card.missing"))}</span></span>`;
  return `<span class="use">${kind} ${nameButton(u.resource, ns, u.name)}${u.phase ? ` <span class="muted">${esc(u.phase)}</span>` : ""}</span>`;
}

function rsHTML(rs, pods) {
  return `<section class="rs ${rs.new ? "rs-new" : "rs-old"}" aria-label="ReplicaSet ${esc(rs.name)}">
    <header>
      <span class="badge ${rs.new ? "new" : "old"}">${rs.new ? "new" : "old"}</span>
      <strong>${nameButton("replicaset", rs.namespace, rs.name)}</strong>
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
    const podsMarkup = podsHTML(pods, "node");
    cards.push([n.name, memoCard(`n/${n.name}`, n, [podsMarkup], () => `<article class="card node" aria-label="Node ${esc(n.name)}">
      <header class="card-head"><h3><span class="kind">node</span> ${nameButton("node", "", n.name)}</h3>
        <span class="badge ${n.ready === "True" ? "ok" : "bad"}">${esc(n.status)}</span>
        <span class="muted">${n.pods}/${esc(n.podCapacity || "?")} pods · cpu ${esc(n.cpu)} · memory ${esc(n.memory)} · ${esc(n.podCIDR)}</span>
        ${n.taints.map((t) => `<span class="badge warn">taint ${esc(t)}</span>`).join("")}
      </header>${podsMarkup}</article>`)]);
  }
  const unscheduled = byNode.get("");
  if (unscheduled) cards.push(["", `<article class="card"><h3>${esc(t("cluster.unscheduled"))}</h3>${podsHTML(unscheduled, "node")}</article>`]);
  return cards.length ? cards : [["empty", `<p class="empty">No nodes.</p>`]];
}

function servicesHTML(v) {
  if (v.services.length === 0) return [["empty", `<p class="empty">${esc(t("cluster.noServices"))}</p>`]];
  return v.services.map((s) => [`${s.namespace}/${s.name}`, `<article class="card" aria-label="Service ${esc(s.name)}">
    <header class="card-head"><h3><span class="kind">service</span> ${nameButton("service", s.namespace, s.name)}</h3>
      <span class="muted">${esc(s.type)} · ${esc(s.clusterIP)} · ${esc(s.ports.join(", "))}${s.external ? ` · ${esc(s.external)}` : ""} · selector ${esc(s.selector || "<none>")}</span></header>
    ${s.endpoints.length ? `<div class="table-scroll"><table class="endpoints"><caption class="visually-hidden">${esc(t("card.endpoints"))}</caption>
      <thead><tr><th scope="col">${esc(t("card.address"))}</th><th scope="col">Pod</th><th scope="col">Node</th><th scope="col">ready</th><th scope="col">serving</th><th scope="col">terminating</th></tr></thead><tbody>
      ${s.endpoints.map((e) => `<tr><td>${esc(e.ip)}</td><td>${esc(e.pod)}</td><td>${esc(e.node)}</td><td class="st-${e.ready}">${e.ready}</td><td>${e.serving}</td><td>${e.terminating}</td></tr>`).join("")}
    </tbody></table></div>` : `<p class="muted">${esc(t("card.noEndpoints"))}</p>`}</article>`]);
}

// The tabs: Deployments, Nodes, Services (arrow keys move between them).
const tabs = [...document.querySelectorAll("[role=tab]")];
function selectTab(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  if (view()) drawCluster(view());
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

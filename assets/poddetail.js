// poddetail.js opens a Pod's detail when it is clicked (or Enter pressed
// on it) in the cluster view: the CRI calls its kubelet made for it and
// kubectl describe pod, both at the tick shown.

import { t } from "./i18n.js";
import { $, esc } from "./dom.js";
import { rpc } from "./rpc.js";
import { print } from "./console.js";
import { view } from "./view.js";

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
  $("pod-sub").textContent = `${d.namespace}${d.node ? ` · node ${d.node}` : " · not scheduled"} · at tick ${view() ? view().tick : ""}`;
  $("pod-cri").tBodies[0].innerHTML = d.cri.length === 0
    ? `<tr><td colspan="4" class="muted">${esc(t("pod.noCalls"))}</td></tr>`
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

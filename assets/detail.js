// detail.js opens the side panel of an object clicked in the cluster view
// (a Pod, or the name of a Deployment, ReplicaSet, Service or Node), at
// the tick shown: what kubectl describe prints, its events included, its
// YAML, and for a Pod the calls its kubelet made to the container runtime.

import { t } from "./i18n.js";
import { $, esc } from "./dom.js";
import { rpc } from "./rpc.js";
import { print } from "./console.js";
import { view } from "./view.js";

// fetchDetail asks the core; a Pod's detail carries its CRI calls too.
function fetchDetail(kind, ns, name) {
  return kind === "pod" ? rpc("pod", ns, name) : rpc("object", kind, ns, name);
}

async function showDetail(kind, ns, name) {
  let d;
  try {
    d = await fetchDetail(kind, ns, name);
  } catch (err) {
    print(err.message, "err");
    return;
  }
  const tick = view() ? String(view().tick) : "";
  $("detail-h").textContent = `${kind} ${name}`;
  $("detail-sub").textContent = [
    ns && kind !== "node" ? t("detail.namespace", { ns }) : "",
    kind === "pod" ? (d.node ? t("detail.node", { node: d.node }) : t("detail.unscheduled")) : "",
    t("detail.atTick", { tick }),
  ].filter(Boolean).join(" · ");
  const target = kind === "node" ? `node ${name}` : `${kind} ${name}${ns !== "default" ? ` -n ${ns}` : ""}`;
  $("detail-describe-h").textContent = `kubectl describe ${target}`;
  $("detail-describe").textContent = d.describe;
  $("detail-yaml-h").textContent = `kubectl get ${target} -o yaml`;
  $("detail-yaml").textContent = d.yaml;
  $("detail-cri-box").hidden = kind !== "pod";
  if (kind === "pod") {
    $("detail-cri").tBodies[0].innerHTML = d.cri.length === 0
      ? `<tr><td colspan="4" class="muted">${esc(t("pod.noCalls"))}</td></tr>`
      : d.cri.map((c) => `<tr><td>${c.tick}</td><td><code>${esc(c.call)}</code></td><td>${esc(c.container)}</td><td>${esc(c.detail)}</td></tr>`).join("");
  }
  if (!$("detail").open) $("detail").showModal();
}

// A Pod is its square (data-pod="ns/name"); the other objects are their
// names (data-object="kind/ns/name").
function target(e) {
  const pod = e.target.closest("[data-pod]");
  if (pod) return ["pod", ...pod.dataset.pod.split("/")];
  const obj = e.target.closest("[data-object]");
  return obj ? obj.dataset.object.split("/") : null;
}
for (const id of ["pane-workloads", "pane-nodes", "pane-services"]) {
  $(id).addEventListener("click", (e) => {
    const what = target(e);
    if (what) showDetail(...what);
  });
  $(id).addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const what = e.target.closest("[data-pod]") && target(e); // buttons press themselves
    if (what) { e.preventDefault(); showDetail(...what); }
  });
}

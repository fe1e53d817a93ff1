// splitter.js lets the learner move the line between the left column (the
// guide, the manifest, the console) and the cluster, with the pointer or
// the arrow keys: kubectl's wide output wants a wide console, the cluster
// a wide view, and only the learner knows which matters now. The width is
// kept. On a narrow screen the columns stack and the splitter is hidden.

import { $, store } from "./dom.js";

const layout = document.querySelector(".layout");
const handle = $("splitter");
const narrowest = 320; // px: the console's prompt and the guide's buttons still fit
const rightNarrowest = 400; // px: a Deployment card still reads

function setWidth(px) {
  const max = layout.clientWidth - rightNarrowest;
  const w = Math.round(Math.max(narrowest, Math.min(px, max)));
  // A window made narrower later still leaves the cluster its room.
  layout.style.setProperty("--left", `min(${w}px, calc(100% - ${rightNarrowest}px))`);
  handle.setAttribute("aria-valuenow", String(Math.round((100 * w) / layout.clientWidth)));
  return w;
}

const kept = Number(store.get("left"));
if (kept > 0) setWidth(kept);

handle.addEventListener("pointerdown", (e) => {
  e.preventDefault();
  handle.setPointerCapture(e.pointerId);
  const x0 = layout.getBoundingClientRect().left;
  const pad = parseFloat(getComputedStyle(layout).paddingLeft);
  const move = (m) => setWidth(m.clientX - x0 - pad);
  const up = () => {
    handle.removeEventListener("pointermove", move);
    store.set("left", String(Math.round(handle.previousElementSibling.getBoundingClientRect().width)));
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", up, { once: true });
});

handle.addEventListener("keydown", (e) => {
  const step = { ArrowLeft: -40, ArrowRight: 40 }[e.key];
  if (!step) return;
  e.preventDefault();
  e.stopPropagation(); // not the page's tick keys
  const now = handle.previousElementSibling.getBoundingClientRect().width;
  store.set("left", String(setWidth(now + step)));
});

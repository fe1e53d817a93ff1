// status.js is the loading notice: what the page is waiting for, and the
// message when Kubeplay cannot go on.

import { ready, t } from "./i18n.js";
import { $ } from "./dom.js";

const stopHooks = [];

// onStop registers what to stop when the page fails (the Run loop).
export function onStop(f) { stopHooks.push(f); }

export function status(text, state = "info") {
  const s = $("status");
  s.textContent = text;
  s.dataset.state = state;
}

export function fail(err) {
  console.error(err);
  $("loading").hidden = false;
  $("progress").hidden = true;
  ready.then(() => status(t("app.stopped", { error: err.message }), "error")); // it may fail before the catalogs are in
  for (const f of stopHooks) f();
}

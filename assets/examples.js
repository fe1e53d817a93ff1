// examples.js is the Example menu: picking one replays its scenario in a
// new session, shows its description and plays it forward from tick 0 to
// the example's end. An address #example=NAME (the embed's "Open in
// Kubeplay" link) opens one the same way.

import { $, fillMenu } from "./dom.js";
import { rpc } from "./rpc.js";
import { lang, t } from "./i18n.js";
import { print } from "./console.js";
import { setPlaying } from "./transport.js";
import { showDescription } from "./guide.js";
import { showLoad } from "./load.js";

// listExamples fills the menu with the core's examples.
export function listExamples(examples) {
  fillMenu("examples", examples);
}

// exampleInAddress is the example the address names (#example=NAME), or
// null.
export function exampleInAddress() {
  const h = location.hash.slice(1);
  return h.startsWith("example=") ? new URLSearchParams(h).get("example") || null : null;
}

// playExample shows an example just loaded (the example op's LoadResult)
// and plays it from tick 0 to its end. Its description takes the address's
// #example= away, so a reload restores the session as it is then.
export async function playExample(r) {
  $("lessons").value = "";
  showLoad(r);
  showDescription(r.title, r.doc);
  await rpc("jump", 0);
  print(t("example.plays", { head: r.head }), "note");
  setPlaying(true, r.head);
}

$("examples").addEventListener("change", async () => {
  const name = $("examples").value;
  if (!name) return;
  setPlaying(false);
  try {
    await playExample(await rpc("example", name, lang));
  } catch (err) {
    print(err.message, "err");
  }
});

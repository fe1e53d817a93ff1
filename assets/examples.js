// examples.js is the Example menu: picking one replays its scenario in a
// new session, shows its description and plays it forward from tick 0 to
// the example's end.

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

$("examples").addEventListener("change", async () => {
  const name = $("examples").value;
  if (!name) return;
  setPlaying(false);
  try {
    const r = await rpc("example", name, lang);
    $("lessons").value = "";
    showLoad(r);
    showDescription(r.title, r.doc);
    await rpc("jump", 0);
    print(t("example.plays", { head: r.head }), "note");
    setPlaying(true, r.head);
  } catch (err) {
    print(err.message, "err");
  }
});

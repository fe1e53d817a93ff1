// share.js makes a link to the session: its state, encoded by the core,
// in the URL's fragment, copied to the clipboard.

import { t } from "./i18n.js";
import { $, setHash } from "./dom.js";
import { rpc } from "./rpc.js";
import { print } from "./console.js";
import { view } from "./view.js";

$("share").addEventListener("click", async () => {
  const state = await rpc("encode");
  setHash(state);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    print(t("share.copied", { n: url.length, tick: view().tick }), "note");
  } catch {
    print(t("share.link", { url }), "note");
  }
});

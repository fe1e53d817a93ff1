// share.js makes a link to the session: its state, encoded by the core,
// in the URL's fragment, copied to the clipboard.

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
    print(`(link copied: ${url.length} characters; it replays this session up to tick ${view().tick})`, "note");
  } catch {
    print(`(share this link: ${url})`, "note");
  }
});

// load.js prints a session that was loaded whole (an example, a lesson's
// setup, a share link, the session saved before a reload): its title, the
// transcript of what its commands printed, and its first manifest in the
// editor.

import { $ } from "./dom.js";
import { clearConsole, print, printOutput } from "./console.js";
import { setEditor } from "./editor.js";

export function showLoad(r, keepEditor = false) {
  $("scenario-title").textContent = r.title || "";
  clearConsole();
  if (r.title) print(`# ${r.title}`, "note");
  for (const o of r.transcript || []) printOutput(o); // an empty session's is null
  if (r.error) print(`error: ${r.error}`, "err");
  // The editor as the session left it (a link carries its text, applied
  // or not), else the scenario's first manifest.
  const manifest = (r.files || []).find((f) => /\.ya?ml$/.test(f.name));
  const text = r.draft || (manifest && manifest.text);
  if (text && !keepEditor) setEditor(text);
}

// examples.js is the Example menu: picking one replays its scenario in a
// new session, and showLoad prints a loaded session's transcript.

import { $ } from "./dom.js";
import { rpc } from "./rpc.js";
import { clearConsole, print, printOutput } from "./console.js";
import { setEditor } from "./editor.js";
import { setPlaying } from "./transport.js";

// listExamples fills the menu with the core's examples.
export function listExamples(examples) {
  const select = $("examples");
  for (const s of examples) {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = s.title;
    select.append(o);
  }
  select.disabled = false;
}

$("examples").addEventListener("change", async () => {
  const name = $("examples").value;
  if (!name) return;
  setPlaying(false);
  try {
    const r = await rpc("example", name);
    showLoad(r);
  } catch (err) {
    print(err.message, "err");
  }
});

export function showLoad(r, keepEditor = false) {
  $("scenario-title").textContent = r.title || "";
  clearConsole();
  if (r.title) print(`# ${r.title}`, "note");
  for (const o of r.transcript || []) printOutput(o); // an empty session's is null
  if (r.error) print(`error: ${r.error}`, "err");
  print(`(ticks 0 to ${r.head}; press Home, then Run, to watch it from the start)`, "note");
  const manifest = (r.files || []).find((f) => /\.ya?ml$/.test(f.name));
  if (manifest && !keepEditor) setEditor(manifest.text);
}

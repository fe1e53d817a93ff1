// present.js is the presentation mode for a trainer at a projector: larger
// type, higher contrast and only the parts a class watches (the guide, the
// console, the cluster and the Why? pane; style.css body.present). One key
// (P) or the header's button toggles it, and the choice is kept.

import { $, pageKey, store } from "./dom.js";

const button = $("present");

function setPresenting(on) {
  document.body.classList.toggle("present", on);
  document.documentElement.classList.toggle("present", on); // rem-sized headings and spacing grow too
  button.setAttribute("aria-pressed", String(on));
  store.set("present", on ? "1" : "");
}

setPresenting(store.get("present") === "1");
button.addEventListener("click", () => setPresenting(!document.body.classList.contains("present")));
document.addEventListener("keydown", (e) => {
  if (e.key !== "p" || !pageKey(e)) return;
  e.preventDefault();
  setPresenting(!document.body.classList.contains("present"));
});

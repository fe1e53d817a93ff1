// switcher.js shows one part of the page at a time on a narrow screen:
// the guide, the manifest, the console, the cluster or the Why? pane,
// chosen from a bar fixed at the bottom, where a thumb reaches it. Stacked
// in one column the cluster view started a thousand pixels below the Tick
// button; with the switcher the transport bar stays at the top and the
// part chosen fills the rest. Wider screens show every part, and the bar
// is hidden (style.css): there the switcher does nothing.

import { $ } from "./dom.js";

const narrow = matchMedia("(max-width: 900px)");
const bar = $("switcher");
const buttons = [...bar.querySelectorAll("button[data-show]")];
const guide = $("guide");

// showPane shows one part; on a wide screen it only remembers the choice,
// which takes effect if the window narrows.
export function showPane(name) {
  document.body.dataset.show = name;
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.show === name));
  if (name === "console") $("switch-console").classList.remove("unread");
  if (narrow.matches) window.scrollTo({ top: 0 });
}

// The console button is marked when output arrives while the console is
// not shown, so an answer is never missed.
buttons.find((b) => b.dataset.show === "console").id = "switch-console";
new MutationObserver(() => {
  if (narrow.matches && document.body.dataset.show !== "console") $("switch-console").classList.add("unread");
}).observe($("console-output"), { childList: true });

// The guide's button is there while a lesson or an example's description
// is open, and opening one shows it.
const guideButton = buttons.find((b) => b.dataset.show === "guide");
new MutationObserver(() => {
  guideButton.hidden = guide.hidden;
  if (!guide.hidden) showPane("guide");
  else if (document.body.dataset.show === "guide") showPane("console");
}).observe(guide, { attributes: true, attributeFilter: ["hidden"] });

bar.addEventListener("click", (e) => {
  const b = e.target.closest("button[data-show]");
  if (b) showPane(b.dataset.show);
});

showPane(guide.hidden ? "editor" : "guide");

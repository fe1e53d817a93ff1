// theme.js switches between the light and the dark theme; the choice is
// kept, and without one the page follows the system's.

import { $, store } from "./dom.js";
import { ready, t } from "./i18n.js";

function setTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  const dark = theme ? theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  $("theme").setAttribute("aria-pressed", String(dark));
  ready.then(() => { $("theme").textContent = dark ? t("theme.light") : t("theme.dark"); });
}
setTheme(store.get("theme"));
$("theme").addEventListener("click", () => {
  const dark = $("theme").getAttribute("aria-pressed") === "true";
  const theme = dark ? "light" : "dark";
  store.set("theme", theme);
  setTheme(theme);
});

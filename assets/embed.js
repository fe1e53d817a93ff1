// embed.js is the page as an embed (?embed in the address): the compact
// layout a documentation page frames, with the cluster, the console and
// the transport bar (the editor with editor=1), the scenario the address
// names (example=NAME, lesson=NAME, or a share link's state in the
// fragment), and a link that opens the same session in the full page.
//
// A documentation page may hold several embeds, so an embed starts no core
// until the reader clicks it: it shows a poster, the first view the build
// rendered for the scenario (scripts/build posters.go), and a play button.
// It never takes the focus or scrolls the host page by itself, and it tells
// the host its height (postMessage) so the host can fit the iframe to it.

import { $, fetchJSON } from "./dom.js";
import { lang, ready as wordsReady, t } from "./i18n.js";
import { rpc } from "./rpc.js";
import { drawCluster } from "./cluster.js";
import { drawTransport, runUntilSettled, setPlaying } from "./transport.js";
import { view } from "./view.js";
import { print } from "./console.js";

// The names an address may give: an embedded example's or lesson's file
// name. Anything else is refused before it reaches a URL or the core.
const namePattern = /^[a-z0-9][a-z0-9-]{0,63}$/;
// A share link's state (core/session Encode: "k1." and base64url).
const statePattern = /^k1\.[A-Za-z0-9_-]+$/;
const starts = ["end", "settled", "paused"];

// request is what the address asks the embed to show: {kind: "example" |
// "lesson" | "link" | "new", name, state, start, editor, bad}. bad says the
// address named something that cannot be a scenario (shown as an empty
// cluster, with a message).
export function request() {
  const p = new URLSearchParams(location.search);
  const hash = location.hash.slice(1);
  const start = starts.includes(p.get("start")) ? p.get("start") : "end";
  const base = { start, editor: p.get("editor") === "1", bad: false };
  if (hash) return statePattern.test(hash) ? { ...base, kind: "link", state: hash } : { ...base, kind: "new", bad: true };
  for (const kind of ["example", "lesson"]) {
    if (!p.has(kind)) continue;
    const name = p.get(kind);
    return namePattern.test(name) ? { ...base, kind, name } : { ...base, kind: "new", bad: true };
  }
  return { ...base, kind: "new" };
}

// fullAddress is the full page's address for a session: the state of a
// share link, or an example or lesson by name, in the embed's language.
function fullAddress(req, state) {
  const u = new URL("./", location.href);
  if (lang !== "en") u.searchParams.set("lang", lang);
  if (state) u.hash = state;
  else if (req.kind === "example" || req.kind === "lesson") u.hash = `${req.kind}=${req.name}`;
  return u.href;
}

// showPoster lays the page out as an embed and shows the poster; it
// resolves when the reader asks for the scenario (the play button, or a
// click anywhere on the poster).
export async function showPoster(req) {
  document.body.classList.add("embed", "posted");
  document.body.classList.toggle("with-editor", req.editor);
  $("embed-full").href = fullAddress(req, req.kind === "link" ? req.state : "");
  watchHeight();
  await wordsReady;
  const poster = $("poster");
  poster.hidden = false;
  if (req.bad) $("poster-note").textContent = t("embed.bad");
  else if (req.kind === "example" || req.kind === "lesson") drawPoster(req).catch(() => { $("poster-note").textContent = t("embed.unknown"); });
  else if (req.kind === "link") $("scenario-title").textContent = t("embed.shared");
  await new Promise((resolve) => poster.addEventListener("click", resolve, { once: true }));
  $("poster-play").disabled = true;
  poster.append($("loading")); // the download's progress, where the reader looks
}

// drawPoster draws the scenario's prerendered first view.
async function drawPoster(req) {
  const p = await fetchJSON(`posters/${req.kind}/${req.name}.json`);
  $("scenario-title").textContent = p.titles[lang] || p.titles.en || "";
  drawCluster(p.view);
  drawTransport(p.view);
}

// first is the request that opens the embed's session.
export function first(req) {
  if (req.kind === "example") return rpc("example", req.name, lang);
  if (req.kind === "lesson") return rpc("lesson", req.name, lang);
  if (req.kind === "link") return rpc("decode", req.state, lang);
  return rpc("create", 1);
}

// begin takes the poster away and starts as the address asks: an example
// from tick 0 (where its poster was), then played to its end, played until
// the cluster settles, or left paused.
export async function begin(req) {
  if (req.kind === "example") await rpc("jump", 0); // before the poster goes, so the end does not flash
  $("poster").hidden = true;
  document.body.classList.remove("posted");
  if (req.bad) print(t("embed.bad"), "err");
  const v = view();
  if (req.start === "settled") await runUntilSettled();
  else if (req.start === "end" && v && v.tick < v.head) setPlaying(true, v.head);
}

// linkState points the "Open in Kubeplay" link at the session as it is
// now (the state the worker sends after each action).
export function linkState(req, state) {
  $("embed-full").href = fullAddress(req, state);
}

// watchHeight tells the host page the embed's height whenever it changes,
// so a host that listens can size the iframe to fit (and one that does not
// loses nothing). The message carries nothing but the height.
function watchHeight() {
  if (window.parent === window) return;
  let sent = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: "kubeplay:height", height }, "*");
  };
  new ResizeObserver(post).observe(document.documentElement);
}

// dom.js holds the few helpers every module of the page draws with.

export const $ = (id) => document.getElementById(id);

// esc makes text safe to put into markup: everything the page draws that
// came from the core or the URL goes through it.
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// fetchJSON fetches url's JSON: a catalog, a poster, a lesson's text. A
// status other than 2xx is an error, as a failed fetch is.
export async function fetchJSON(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

// embedded says the page runs as an embed (?embed in the address: the
// compact layout a documentation page frames, embed.js).
export const embedded = new URLSearchParams(location.search).has("embed");

// A dialog's Close button takes the focus when the dialog opens: markup
// autofocus would do that, but a browser also tries it when the page loads,
// taking the focus from the host page of an embed (Chromium refuses that in
// a cross-origin frame, and says so). Set after parsing, it acts only when
// a dialog opens.
for (const el of document.querySelectorAll("dialog [data-autofocus]")) el.autofocus = true;

// store is localStorage under "kubeplay.", which private modes may refuse:
// the page then keeps going without it. An embed keeps its values in
// memory instead: what a reader does in an embed on a documentation page
// must not become the full page's saved session, editor text or history,
// which share the origin's storage.
const memory = new Map();
export const store = embedded ? {
  get: (k) => memory.get(k) ?? null,
  set(k, v) { memory.set(k, String(v)); },
  remove(k) { memory.delete(k); },
} : {
  get(k) { try { return localStorage.getItem(`kubeplay.${k}`); } catch { return null; } },
  set(k, v) { try { localStorage.setItem(`kubeplay.${k}`, v); } catch { /* private mode: keep going */ } },
  remove(k) { try { localStorage.removeItem(`kubeplay.${k}`); } catch { /* nothing to drop */ } },
};

// setHTML replaces an element's content only when it changed: most of a
// big cluster's markup is the same from one tick to the next.
const drawn = new Map();
export function setHTML(id, html) {
  if (drawn.get(id) === html) return;
  drawn.set(id, html);
  $(id).innerHTML = html;
}

// beforePaint runs f just before the browser draws its next frame, once
// however often it is asked for that frame. What reads layout (a scroll
// height, to keep a scroll position) right after the DOM was written makes
// the browser lay the page out there and then, once per read: the first
// view's draw did it twice, each a full layout of the page. Read in a
// requestAnimationFrame callback, the one layout is the frame's own.
const beforeFrame = new Set();
export function beforePaint(f) {
  if (beforeFrame.size === 0) {
    requestAnimationFrame(() => {
      const due = [...beforeFrame];
      beforeFrame.clear();
      for (const g of due) g();
    });
  }
  beforeFrame.add(f);
}

// push appends value to the list map holds under key.
export function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

// setHash replaces the address's fragment ("" takes it out) without a new
// history entry. It edits the whole URL: a path such as "//" would make a
// relative one point at another origin.
export function setHash(hash) {
  const u = new URL(location.href);
  u.hash = hash;
  if (u.href !== location.href) window.history.replaceState(null, "", u.href);
  written = location.hash;
}

// written is the fragment the page last put in the address (at first the
// one it opened). One that differs was typed or pasted by hand, and its
// hashchange, queued behind it, will open it: the page must not write
// over it before then.
let written = location.hash;
export const hashChangedByHand = () => location.hash !== written;

// fillMenu appends an option per item (its name the value, its title the
// text) to a select and enables it.
export function fillMenu(id, items) {
  const select = $(id);
  for (const it of items) {
    const o = document.createElement("option");
    o.value = it.name;
    o.textContent = it.title;
    select.append(o);
  }
  select.disabled = false;
  return select;
}

// pageKey says whether a key press is the page's shortcut: not typed into
// a field (the slider excepted) and without a modifier.
export function pageKey(e) {
  const t = e.target;
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return false;
  return !(t instanceof HTMLInputElement && t.type !== "range" || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement);
}

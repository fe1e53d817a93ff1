// dom.js holds the few helpers every module of the page draws with.

export const $ = (id) => document.getElementById(id);

// esc makes text safe to put into markup: everything the page draws that
// came from the core or the URL goes through it.
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// store is localStorage under "kubeplay.", which private modes may refuse:
// the page then keeps going without it.
export const store = {
  get(k) { try { return localStorage.getItem(`kubeplay.${k}`); } catch { return null; } },
  set(k, v) { try { localStorage.setItem(`kubeplay.${k}`, v); } catch { /* private mode: keep going */ } },
};

// setHTML replaces an element's content only when it changed: most of a
// big cluster's markup is the same from one tick to the next.
const drawn = new Map();
export function setHTML(id, html) {
  if (drawn.get(id) === html) return;
  drawn.set(id, html);
  $(id).innerHTML = html;
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
}

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

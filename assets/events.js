// events.js draws the event stream of the tick shown, newest first.
//
// The rows are kept from one draw to the next, by the event they show:
// from tick to tick most of the 100 events a view carries are the same,
// and only their age ("5s") moves. Rewriting the table's markup each tick
// made the browser parse and build 100 rows again (a few milliseconds at
// Run's 100 ticks a second); now a draw changes the cells that changed,
// adds the new events' rows at the top and drops the old ones.

import { $ } from "./dom.js";
import { t } from "./i18n.js";

// rows maps an event's identity to its row; see keyOf.
let rows = new Map();

export function drawEvents(events) {
  const body = $("events").tBodies[0];
  if (events.length === 0) {
    if (rows.size > 0 || !body.querySelector(".no-events")) {
      rows = new Map();
      body.replaceChildren(noEventsRow());
    }
    return;
  }
  const next = new Map();
  const order = [];
  const seen = new Map();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const key = keyOf(e, seen);
    const row = rows.get(key) ?? newRow();
    fill(row, e);
    next.set(key, row);
    order.push(row.tr);
  }
  // Put the rows in order, moving only those out of place, then drop what
  // is left (events older than the view's hundred, or another tick's).
  let at = body.firstChild;
  for (const tr of order) {
    if (tr === at) at = at.nextSibling;
    else body.insertBefore(tr, at);
  }
  while (at) {
    const after = at.nextSibling;
    at.remove();
    at = after;
  }
  rows = next;
}

// keyOf is what stays the same while an event is aggregated (its count
// and last time move): type, reason, object and message, and which of the
// events alike it is, newest first.
function keyOf(e, seen) {
  const base = `${e.type}\u0000${e.reason}\u0000${e.object}\u0000${e.message}`;
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return `${base}\u0000${n}`;
}

function newRow() {
  const tr = document.createElement("tr");
  const cells = [];
  for (let i = 0; i < 5; i++) cells.push(tr.appendChild(document.createElement("td")));
  return { tr, cells, shown: [] };
}

// fill writes the cells whose text changed since the row was last drawn.
function fill(row, e) {
  const text = [e.lastSeen, e.type, e.reason, e.object, e.message];
  for (let i = 0; i < 4; i++) {
    if (row.shown[i] !== text[i]) row.cells[i].textContent = row.shown[i] = text[i];
  }
  const count = e.count > 1 ? e.count : 0;
  if (row.shown[4] !== e.message || row.count !== count) {
    const cell = row.cells[4];
    cell.textContent = row.shown[4] = e.message;
    row.count = count;
    if (count) {
      const n = cell.appendChild(document.createElement("span"));
      n.className = "muted";
      n.textContent = `(x${count})`;
      cell.insertBefore(document.createTextNode(" "), n);
    }
  }
  row.tr.classList.toggle("warning", e.type === "Warning");
}

function noEventsRow() {
  const tr = document.createElement("tr");
  const td = tr.appendChild(document.createElement("td"));
  td.colSpan = 5;
  td.className = "muted no-events";
  td.textContent = t("events.none");
  return tr;
}

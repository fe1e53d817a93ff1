// events.js draws the event stream of the tick shown, newest first.

import { $, esc } from "./dom.js";

let drawnEvents = null;

export function drawEvents(events) {
  let html = "";
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    html += `<tr class="${e.type === "Warning" ? "warning" : ""}"><td>${esc(e.lastSeen)}</td><td>${esc(e.type)}</td><td>${esc(e.reason)}</td>` +
      `<td>${esc(e.object)}</td><td>${esc(e.message)}${e.count > 1 ? ` <span class="muted">(x${e.count})</span>` : ""}</td></tr>`;
  }
  html ||= `<tr><td colspan="5" class="muted">No events.</td></tr>`;
  if (drawnEvents !== html) $("events").tBodies[0].innerHTML = drawnEvents = html;
}

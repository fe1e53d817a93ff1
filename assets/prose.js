// prose.js draws a lesson's text. The core parses the lessons' Markdown
// subset (core/lesson Prose: paragraphs, lists, fenced code; inline code,
// bold and links) into blocks, so the page never renders a lesson as HTML:
// every word goes through esc, and only https links become anchors.

import { esc } from "./dom.js";

// inlineHTML is one run of inlines (a paragraph or a list item).
export function inlineHTML(runs) {
  return (runs || []).map((r) => {
    switch (r.kind) {
      case "code": return `<code>${esc(r.text)}</code>`;
      case "bold": return `<strong>${esc(r.text)}</strong>`;
      case "link":
        return /^https:\/\//.test(r.href)
          ? `<a href="${esc(r.href)}" target="_blank" rel="noopener">${esc(r.text)}</a>`
          : esc(r.text);
      default: return esc(r.text);
    }
  }).join("");
}

// proseHTML is a page of prose (a Prose's blocks).
export function proseHTML(prose) {
  return ((prose && prose.blocks) || []).map((b) => {
    switch (b.kind) {
      case "ul":
      case "ol":
        return `<${b.kind}>${b.items.map((it) => `<li>${inlineHTML(it)}</li>`).join("")}</${b.kind}>`;
      case "pre": return `<pre>${esc(b.code)}</pre>`;
      default: return `<p>${inlineHTML(b.items && b.items[0])}</p>`;
    }
  }).join("");
}

// plainHTML is plain text (an example's description): paragraphs at blank
// lines, the lines of one paragraph joined, `code` spans set as code and
// bare https addresses made links, as the scenario files write them.
export function plainHTML(text) {
  return String(text || "").split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
    .map((p) => `<p>${inlineHTML(plainRuns(p.replace(/\s*\n\s*/g, " ")))}</p>`).join("");
}

// plainRuns splits one paragraph of plain text into the runs inlineHTML draws.
function plainRuns(p) {
  const runs = [];
  for (const part of p.split(/(`[^`]+`|https:\/\/[^\s)]+[^\s).,;:])/)) {
    if (!part) continue;
    if (part.startsWith("`")) runs.push({ kind: "code", text: part.slice(1, -1) });
    else if (part.startsWith("https://")) runs.push({ kind: "link", text: part, href: part });
    else runs.push({ kind: "text", text: part });
  }
  return runs;
}

// highlight.js colours YAML for the editor: keys, strings, numbers,
// booleans and null, comments, anchors and aliases, document markers and
// block scalars. It is a line scanner, not a parser: the core's decoder is
// the judge of what the text means (its errors go to the gutter); this
// only helps the eye, so on text it does not understand it colours less,
// never wrongly enough to mislead (a block scalar's lines are all string).

import { esc } from "./dom.js";

// Plain scalars that YAML 1.1 (kubectl's sigs.k8s.io/yaml) reads as
// booleans or null, and numbers in its forms.
const keyword = /^(true|false|yes|no|on|off|y|n|null|~|True|False|Yes|No|On|Off|TRUE|FALSE|YES|NO|ON|OFF|Null|NULL)$/;
const number = /^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?|0x[\da-fA-F_]+|0o?[0-7_]+|0b[01_]+|\.inf|\.nan)$/i;

const span = (cls, text) => (text ? `<span class="hl-${cls}">${esc(text)}</span>` : "");

// scalar colours a value: quoted, keyword, number, or plain string.
function scalar(text) {
  const v = text.trim();
  if (!v) return esc(text);
  const lead = text.slice(0, text.indexOf(v[0]));
  const trail = text.slice(lead.length + v.length);
  let cls = "str";
  if (keyword.test(v)) cls = "kw";
  else if (number.test(v)) cls = "num";
  else if (v[0] === "*") cls = "anchor";
  else if (v[0] === "{" || v[0] === "[") cls = "flow";
  return esc(lead) + span(cls, v) + esc(trail);
}

// splitComment cuts a line at its comment: a # at the start or after
// whitespace, outside quotes.
function splitComment(line) {
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = "";
      else if (c === "\\" && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(line[i - 1])) quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
      return [line.slice(0, i), line.slice(i)];
    }
  }
  return [line, ""];
}

// A mapping key: quoted or plain, then ":" and a space or the line's end.
const keyRe = /^((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#"'][^:#]*?|[^\s#"'][^#]*?[^\s]))(\s*:)(?=\s|$)/;

// body colours what follows the indentation and any "- " of a line.
function body(text) {
  const k = keyRe.exec(text);
  if (!k) return value(text);
  return span("key", k[1]) + esc(k[2]) + value(text.slice(k[0].length));
}

// value colours what follows a key: an anchor, a tag, a block scalar's
// header, or a scalar.
function value(text) {
  let out = "";
  let rest = text;
  for (;;) {
    const m = /^(\s*)([&!][^\s]*)/.exec(rest);
    if (!m) break;
    out += esc(m[1]) + span(m[2][0] === "&" ? "anchor" : "tag", m[2]);
    rest = rest.slice(m[0].length);
  }
  if (/^\s*[|>][-+0-9]*\s*$/.test(rest)) return out + esc(rest.replace(/\S.*/, "")) + span("block", rest.trim());
  return out + scalar(rest);
}

const indentOf = (line) => line.length - line.trimStart().length;

// highlight returns the text as HTML, one span per token, every character
// kept: the editor draws it under its transparent textarea.
export function highlight(text) {
  const lines = text.split("\n");
  const out = new Array(lines.length);
  let block = -1; // inside a block scalar: the indent of the line that opened it
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const ind = indentOf(line);
    if (block >= 0) {
      if (!line.trim() || ind > block) {
        out[i] = span("str", line);
        continue;
      }
      block = -1;
    }
    if (/^(---|\.\.\.)(\s|$)/.test(line)) {
      const [code, comment] = splitComment(line);
      out[i] = span("doc", code) + span("com", comment);
      continue;
    }
    const [code, comment] = splitComment(line);
    const dash = /^(\s*)((?:-\s+)*)(-$)?/.exec(code);
    const lead = dash[1] + dash[2] + (dash[3] || "");
    const rest = code.slice(lead.length);
    out[i] = esc(dash[1]) + span("dash", dash[2] + (dash[3] || "")) + body(rest) + span("com", comment);
    if (/(^|\s|:)[|>][-+0-9]*\s*$/.test(code)) block = ind;
  }
  return out.join("\n");
}

// indentAfter is the indentation a new line after line should have: the
// same as line's, one step deeper after a key that opens a block ("spec:"),
// and past the "- " of a list item, to continue the item's mapping.
export function indentAfter(line) {
  const code = splitComment(line)[0].trimEnd();
  const m = /^(\s*)((?:-\s+)*)/.exec(code);
  const opens = /:$/.test(code) || /(^|\s)[|>][-+0-9]*$/.test(code);
  return " ".repeat(m[1].length + m[2].length + (opens ? 2 : 0));
}

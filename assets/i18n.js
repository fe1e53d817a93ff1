// i18n.js is the page's language: which one (?lang= in the address, then
// the learner's choice kept in localStorage, then navigator.languages, then
// English), its message catalogs (i18n/LANG/page.json for the page's own
// words, i18n/LANG/lesson.json for what a lesson's checks saw, the same
// files core/lesson and the translators use, i18n/LANG/why.json for the
// plain sentences of the controllers' decisions), and the few calls the modules
// draw with. kubectl's output is not translated: kubectl prints English.

import { esc, fetchJSON, store } from "./dom.js";

// languages are the page's languages, each named in itself for the picker.
export const languages = [
  { code: "en", name: "English" },
  { code: "vi", name: "Tiếng Việt" },
  { code: "zh-CN", name: "简体中文" },
];

// The catalogs' addresses, written out so the build can fingerprint them.
const catalogs = {
  en: { page: "i18n/en/page.json", lesson: "i18n/en/lesson.json", why: "i18n/en/why.json" },
  vi: { page: "i18n/vi/page.json", lesson: "i18n/vi/lesson.json", why: "i18n/vi/why.json" },
  "zh-CN": { page: "i18n/zh-CN/page.json", lesson: "i18n/zh-CN/lesson.json", why: "i18n/zh-CN/why.json" },
};

// supported maps a BCP 47 tag to one of the page's languages, or "".
function supported(tag) {
  const t = String(tag || "").toLowerCase();
  if (t === "vi" || t.startsWith("vi-")) return "vi";
  if (t === "zh" || t === "zh-cn" || t === "zh-sg" || t.startsWith("zh-hans")) return "zh-CN";
  if (t === "en" || t.startsWith("en-")) return "en";
  return "";
}

function pick() {
  const asked = supported(new URLSearchParams(location.search).get("lang"));
  if (asked) return asked;
  const kept = supported(store.get("lang"));
  if (kept) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const l = supported(tag);
    if (l) return l;
  }
  return "en";
}

// lang is the page's language for this document: changing it reloads.
export const lang = pick();
document.documentElement.lang = lang;

let page = {};
let english = {};
let lessonWords = {};
let whyWords = {};

// ready resolves once the catalogs are in; the page draws its words after.
// They are fetched at once, side by side (English's page.json, which every
// language falls back on, is already on its way: index.html preloads it).
// A catalog that cannot be fetched leaves English in its place.
export const ready = (async () => {
  const en = fetchJSON(catalogs.en.page);
  const got = await Promise.allSettled([en, lang === "en" ? en : fetchJSON(catalogs[lang].page),
    fetchJSON(catalogs[lang].lesson), fetchJSON(catalogs[lang].why)]);
  english = got[0].value ?? {};
  const failed = got.find((r) => r.status === "rejected");
  if (failed) {
    console.warn("kubeplay: the message catalog could not be loaded:", failed.reason);
    page = english;
  } else {
    [page, lessonWords, whyWords] = got.slice(1).map((r) => r.value);
  }
  translate(document);
})();

// fill puts args into a sentence's {name} placeholders.
function fill(s, args) {
  return s.replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? String(args[k]) : m));
}

// t is the page's sentence for key in its language, with args filled in
// (numbers formatted for the language).
export function t(key, args) {
  const s = page[key] ?? english[key] ?? key;
  if (!args) return s;
  const shown = {};
  for (const [k, v] of Object.entries(args)) shown[k] = typeof v === "number" ? v.toLocaleString(lang) : v;
  return fill(s, shown);
}

// tHTML is t for markup: the sentence escaped, its placeholders filled
// with html, which the caller has made safe.
export function tHTML(key, html) {
  return fill(esc(t(key)), html);
}

// sentences renders a check's messages (core/lesson Msg: key and args)
// from the lesson catalog, joined as the catalog joins them.
export function sentences(msgs) {
  return (msgs || []).map((m) => fill(lessonWords[m.key] ?? m.key, m.args)).join(lessonWords.join ?? "; ");
}

// saidHTML renders a decision's plain sentence (core/controller Message:
// key and typed args) from the decision catalog as markup: names in code
// type, counts as the language writes numbers, an upstream message quoted.
// "" when the decision has none or the catalog does not know it.
export function saidHTML(msg) {
  const s = msg && whyWords[msg.key];
  if (!s) return "";
  const html = {};
  for (const a of msg.args || []) {
    if (a.kind === "name") html[a.name] = `<code>${esc(a.value)}</code>`;
    else if (a.kind === "count") html[a.name] = esc(Number(a.value).toLocaleString(lang));
    else if (a.kind === "text") html[a.name] = `<q>${esc(a.value)}</q>`;
    else html[a.name] = esc(a.value);
  }
  return fill(esc(s), html);
}

// translate sets the words of the elements under root that name a key:
// data-i18n for the text, data-i18n-title, data-i18n-label (aria-label)
// and data-i18n-placeholder for those attributes.
export function translate(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

// setLanguage keeps the choice and reloads in it: the session is saved in
// the browser, so it comes back as it was, its lesson in the new language.
export function setLanguage(code) {
  store.set("lang", code);
  const u = new URL(location.href);
  u.searchParams.set("lang", code);
  location.assign(u.href);
}

// embedcode.js is the Embed dialog: the snippet a documentation author
// pastes to put a scenario into a page. It is an iframe of the embed
// (embed.js) with a title, loading="lazy", a sandbox that allows only what
// the embed needs, and the scenario in its address; as plain HTML, as a
// Hugo shortcode or as a Docusaurus (MDX) component (the README's "Use it
// in your documentation" has the shortcode's and the component's code).

import { $ } from "./dom.js";
import { lang, t } from "./i18n.js";
import { rpc } from "./rpc.js";
import { view } from "./view.js";

// sandbox is what the embed needs: its scripts and worker (allow-scripts),
// its own origin, to fetch the core, the catalogs and the posters
// (allow-same-origin), the console's form (allow-forms), and "Open in
// Kubeplay" as an ordinary tab (allow-popups, allow-popups-to-escape-sandbox).
// Not top navigation, modals, downloads or pointer lock.
const sandbox = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

// embedAddress is the embed's URL for what (example or lesson by name, or
// a session's state), with its options.
function embedAddress(what, start, editor) {
  const u = new URL("./", location.href);
  const params = [what.kind === "link" ? null : [what.kind, what.name], ["start", start], editor ? ["editor", "1"] : null,
    lang === "en" ? null : ["lang", lang]].filter(Boolean);
  u.search = ["embed", ...params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)].join("&");
  if (what.kind === "link") u.hash = what.state;
  return u.href;
}

// The host page's few lines that fit each embed to the height it asks for.
const resizer = `<script>
  // Fit each Kubeplay embed to the height it asks for.
  addEventListener("message", (e) => {
    for (const f of document.querySelectorAll("iframe[data-kubeplay]")) {
      if (e.source === f.contentWindow && e.origin === new URL(f.src).origin && e.data?.type === "kubeplay:height") {
        f.style.height = Math.min(Number(e.data.height) || 480, 2000) + "px";
      }
    }
  });
</script>`;

// attr makes text an attribute value a person can read (esc's numeric
// references are safe, but not what an author expects to paste).
const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// snippet is the text to paste, in a format.
function snippet(format, src, title) {
  // Shortcode and JSX attributes cannot hold a quote.
  const plain = title.replace(/"/g, "'");
  if (format === "hugo") return `{{< kubeplay src="${src}" title="${plain}" >}}`;
  if (format === "mdx") return `<Kubeplay src="${src}" title="${plain}" />`;
  return `<iframe src="${attr(src)}" title="${attr(title)}"
  width="720" height="480" loading="lazy" data-kubeplay
  sandbox="${sandbox}"
  style="width: 100%; max-width: 720px; border: 1px solid #d0d7de; border-radius: 6px"></iframe>
${resizer}`;
}

let choices = []; // what the dialog offers to embed: {kind, name, state, label}

function draw() {
  const what = choices[Number($("embed-what").value)] || choices[0];
  const src = embedAddress(what, $("embed-start").value, $("embed-editor").checked);
  const format = $("embed-format").value;
  $("embed-code").value = snippet(format, src, `Kubeplay: ${what.title}`);
  $("embed-note").textContent = [
    what.kind === "link" ? t("embed.note.link") : "",
    format === "html" ? "" : t("embed.note.readme"),
  ].filter(Boolean).join(" ");
  $("embed-copied").textContent = "";
}

async function open() {
  const v = view();
  const title = $("scenario-title").textContent || "Kubeplay";
  choices = [];
  if ($("examples").value) choices.push({ kind: "example", name: $("examples").value, title, label: t("embed.what.example", { title }) });
  if ($("lessons").value) choices.push({ kind: "lesson", name: $("lessons").value, title, label: t("embed.what.lesson", { title }) });
  const state = await rpc("encode");
  choices.push({ kind: "link", state, title, label: t("embed.what.session", { tick: v ? v.tick : 0 }) });
  const select = $("embed-what");
  select.replaceChildren(...choices.map((c, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = c.label;
    return o;
  }));
  draw();
  $("embed-dialog").showModal();
}

$("embed").addEventListener("click", () => { open().catch((err) => { $("embed-note").textContent = err.message; }); });
for (const id of ["embed-what", "embed-start", "embed-editor", "embed-format"]) $(id).addEventListener("change", draw);
$("embed-copy").addEventListener("click", async () => {
  const code = $("embed-code");
  try {
    await navigator.clipboard.writeText(code.value);
    $("embed-copied").textContent = t("embed.copied");
  } catch {
    code.select(); // the reader copies it by hand
    $("embed-copied").textContent = t("embed.copyByHand");
  }
});

// chart.js draws the replicas of each ReplicaSet over the ticks in the
// view's window (core/session Chart) as an SVG step chart.
//
// The chart's markup (axes, one pair of lines and a legend entry per
// ReplicaSet) is built when the list of ReplicaSets changes; the draws in
// between, every tick of a rollout at Run, only set what moved: the lines,
// the labels of the axes and the description. With a hundred ReplicaSets,
// building the markup each tick was most of the chart's time.

import { t } from "./i18n.js";
import { esc } from "./dom.js";

// Okabe–Ito: distinguishable with the common colour-vision deficiencies.
const palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#000000"];

// The chart's frame, in SVG user units: the x axis is at y = H - B.
const W = 420, H = 170, L = 30, R = 6, T = 8, B = 20;
const yOf = (n, maxY) => (T + (H - T - B) * (1 - n / maxY)).toFixed(1);

// built is what the element's markup was built for (see shapeOf), and the
// parts a draw sets; written is each part's last value.
let built = null;

// renderChart draws chart c into el.
export function renderChart(el, c) {
  if (!c || c.series.length === 0) {
    built = null;
    el.innerHTML = `<p class="muted">${esc(t("chart.none"))}</p>`;
    return;
  }
  const shape = shapeOf(c);
  if (built?.el !== el || built.shape !== shape) {
    el.innerHTML = frame(c);
    built = { el, shape, svg: el.querySelector("svg"), labels: el.querySelectorAll("[data-label]"),
      lines: el.querySelectorAll("path"), written: new Map() };
  }
  paint(built, c);
}

// shapeOf names what the markup depends on: the ReplicaSets, in order,
// with their revisions.
function shapeOf(c) {
  return c.series.map((s) => `${s.name}\u0000${s.revision ?? ""}`).join("\u0001");
}

// frame is the markup whose parts paint fills in.
function frame(c) {
  const zero = H - B;
  let lines = "", legend = "";
  c.series.forEach((s, i) => {
    const col = palette[i % palette.length];
    lines += `<path fill="none" stroke="${col}" stroke-width="2.5"/>` +
      `<path fill="none" stroke="${col}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
    legend += `<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${col}"/></svg>` +
      `${esc(s.name)}${s.revision ? ` <span class="muted">rev ${esc(s.revision)}</span>` : ""}</li>`;
  });
  return `<svg viewBox="0 0 ${W} ${H}" role="img" class="chart-svg">
    <line x1="${L}" y1="${zero}" x2="${W - R}" y2="${zero}" class="axis"/>
    <line x1="${L}" y1="${T}" x2="${L}" y2="${zero}" class="axis"/>
    <text x="${L - 4}" y="${T + 4}" text-anchor="end" class="tick-label" data-label="max"></text>
    <text x="${L - 4}" y="${zero + 4}" text-anchor="end" class="tick-label">0</text>
    <text x="${L}" y="${H - 5}" class="tick-label" data-label="start"></text>
    <text x="${W - R}" y="${H - 5}" text-anchor="end" class="tick-label" data-label="end"></text>
    ${lines}</svg>
    <ul class="chart-legend"><li class="muted">${esc(t("chart.key"))}</li>${legend}</ul>`;
}

// paint sets the lines, the axes' labels and the description for c,
// writing only the parts whose value changed.
function paint(b, c) {
  const span = Math.max(c.to - c.from, 1);
  let maxY = 1;
  for (const s of c.series) for (const p of s.points) maxY = Math.max(maxY, p[1], p[2], p[3]);
  const x = (tick) => (L + ((W - L - R) * (tick - c.from)) / span).toFixed(1);
  const y = (n) => yOf(n, maxY);
  // A step line through the change points: a count holds until the next
  // point's tick. Column k of a point: 2 current, 3 ready.
  const path = (points, k) => {
    let d = "";
    points.forEach((p, i) => {
      const end = i + 1 < points.length ? points[i + 1][0] : c.to;
      if (p[k] < 0) return;
      const from = i > 0 && points[i - 1][k] >= 0 ? "L" : "M";
      d += `${from}${x(p[0])},${y(p[k])}L${x(end)},${y(p[k])}`;
    });
    return d;
  };
  const set = (node, value, write) => {
    if (b.written.get(node) === value) return;
    b.written.set(node, value);
    write(value);
  };
  const label = `Replicas per ReplicaSet from tick ${c.from} to ${c.to}: ` + c.series.map((s) => {
    const p = s.points[s.points.length - 1];
    return p[2] < 0 ? `${s.name} deleted` : `${s.name} ${p[2]} current, ${p[3]} ready`;
  }).join("; ");
  set(b.svg, label, (v) => b.svg.setAttribute("aria-label", v));
  const [max, from, to] = b.labels;
  set(max, String(maxY), (v) => { max.textContent = v; });
  set(from, `tick ${c.from}`, (v) => { from.textContent = v; });
  set(to, `tick ${c.to}`, (v) => { to.textContent = v; });
  c.series.forEach((s, i) => {
    for (const [j, k] of [[0, 2], [1, 3]]) {
      const line = b.lines[2 * i + j];
      set(line, path(s.points, k), (v) => line.setAttribute("d", v));
    }
  });
}

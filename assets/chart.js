// chart.js draws the replicas of each ReplicaSet over the ticks in the
// view's window (core/session Chart) as an SVG step chart.

import { t } from "./i18n.js";
import { esc } from "./dom.js";

// Okabe–Ito: distinguishable with the common colour-vision deficiencies.
const palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#000000"];

export function chartSVG(c) {
  if (!c || c.series.length === 0) return `<p class="muted">${esc(t("chart.none"))}</p>`;
  const W = 420, H = 170, L = 30, R = 6, T = 8, B = 20;
  const span = Math.max(c.to - c.from, 1);
  let maxY = 1;
  for (const s of c.series) for (const p of s.points) maxY = Math.max(maxY, p[1], p[2], p[3]);
  const x = (t) => (L + ((W - L - R) * (t - c.from)) / span).toFixed(1);
  const y = (n) => (T + (H - T - B) * (1 - n / maxY)).toFixed(1);
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
  let lines = "", legend = "";
  c.series.forEach((s, i) => {
    const col = palette[i % palette.length];
    lines += `<path d="${path(s.points, 2)}" fill="none" stroke="${col}" stroke-width="2.5"/>` +
      `<path d="${path(s.points, 3)}" fill="none" stroke="${col}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
    legend += `<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" fill="${col}"/></svg>` +
      `${esc(s.name)}${s.revision ? ` <span class="muted">rev ${esc(s.revision)}</span>` : ""}</li>`;
  });
  const label = `Replicas per ReplicaSet from tick ${c.from} to ${c.to}: ` + c.series.map((s) => {
    const p = s.points[s.points.length - 1];
    return p[2] < 0 ? `${s.name} deleted` : `${s.name} ${p[2]} current, ${p[3]} ready`;
  }).join("; ");
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" class="chart-svg">
    <line x1="${L}" y1="${y(0)}" x2="${W - R}" y2="${y(0)}" class="axis"/>
    <line x1="${L}" y1="${T}" x2="${L}" y2="${y(0)}" class="axis"/>
    <text x="${L - 4}" y="${Number(y(maxY)) + 4}" text-anchor="end" class="tick-label">${maxY}</text>
    <text x="${L - 4}" y="${Number(y(0)) + 4}" text-anchor="end" class="tick-label">0</text>
    <text x="${L}" y="${H - 5}" class="tick-label">tick ${c.from}</text>
    <text x="${W - R}" y="${H - 5}" text-anchor="end" class="tick-label">tick ${c.to}</text>
    ${lines}</svg>
    <ul class="chart-legend"><li class="muted">${esc(t("chart.key"))}</li>${legend}</ul>`;
}


import { type Html, html } from "./html.ts";

interface Bar {
  value: number;
  /** Tooltip text. */
  title: string;
}

const W = 480;

/** Vertical bars (one per day): inline SVG, no script, scales to the width of a phone. */
export function columnChart(input: { caption: string; bars: Bar[]; first: string; last: string }): Html {
  const h = 150;
  const top = 20;
  const bottom = 22;
  const max = Math.max(1, ...input.bars.map((b) => b.value));
  const step = W / Math.max(1, input.bars.length);
  const columns = input.bars.map((bar, i) => {
    const height = Math.round(((h - top - bottom) * bar.value) / max);
    const x = (i * step + step * 0.1).toFixed(1);
    return html`<rect class="bar" x="${x}" y="${h - bottom - height}" width="${(step * 0.8).toFixed(1)}" height="${height}"><title>${bar.title}</title></rect>`;
  });
  return html`<figure class="chart"><svg viewBox="0 0 ${W} ${h}" role="img" aria-label="${input.caption}">
<text x="0" y="14" class="axis">${max}</text>
<line x1="0" x2="${W}" y1="${h - bottom}" y2="${h - bottom}" class="baseline"></line>
${columns}
<text x="0" y="${h - 5}" class="axis">${input.first}</text>
<text x="${W}" y="${h - 5}" class="axis" text-anchor="end">${input.last}</text>
</svg><figcaption>${input.caption}</figcaption></figure>`;
}

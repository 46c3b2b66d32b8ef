import { type Html, html } from "./html.ts";

export interface Bar {
  label: string;
  value: number;
  /** Tooltip text. */
  title: string;
}

const W = 600;

/** Vertical bars (one per day): inline SVG, no script, scales to the width of a phone. */
export function columnChart(input: { caption: string; bars: Bar[]; first: string; last: string }): Html {
  const h = 140;
  const top = 16;
  const bottom = 18;
  const max = Math.max(1, ...input.bars.map((b) => b.value));
  const step = W / Math.max(1, input.bars.length);
  const columns = input.bars.map((bar, i) => {
    const height = Math.round(((h - top - bottom) * bar.value) / max);
    const x = (i * step + step * 0.1).toFixed(1);
    return html`<rect class="bar" x="${x}" y="${h - bottom - height}" width="${(step * 0.8).toFixed(1)}" height="${height}"><title>${bar.title}</title></rect>`;
  });
  return html`<figure class="chart"><svg viewBox="0 0 ${W} ${h}" role="img" aria-label="${input.caption}">
<text x="0" y="11" class="axis">${max}</text>
<line x1="0" x2="${W}" y1="${h - bottom}" y2="${h - bottom}" class="baseline"></line>
${columns}
<text x="0" y="${h - 4}" class="axis">${input.first}</text>
<text x="${W}" y="${h - 4}" class="axis" text-anchor="end">${input.last}</text>
</svg><figcaption>${input.caption}</figcaption></figure>`;
}

/** Horizontal bars (one per operation) with the value written next to each. */
export function barChart(input: { caption: string; bars: Bar[] }): Html {
  const row = 24;
  const labelWidth = 170;
  const valueWidth = 70;
  const h = Math.max(1, input.bars.length) * row;
  const max = Math.max(1, ...input.bars.map((b) => b.value));
  const rows = input.bars.map((bar, i) => {
    const width = Math.round(((W - labelWidth - valueWidth) * bar.value) / max);
    const y = i * row;
    return html`<g><title>${bar.title}</title>
<text x="0" y="${y + 16}" class="label">${bar.label}</text>
<rect class="bar" x="${labelWidth}" y="${y + 4}" width="${width}" height="${row - 8}"></rect>
<text x="${labelWidth + width + 6}" y="${y + 16}" class="value">${bar.value}</text></g>`;
  });
  return html`<figure class="chart"><svg viewBox="0 0 ${W} ${h}" role="img" aria-label="${input.caption}">${rows}</svg><figcaption>${input.caption}</figcaption></figure>`;
}

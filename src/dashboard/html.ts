// Templates are plain functions: `html` escapes every interpolated value unless it is already Html,
// and only `html` makes Html, so markup never comes from data.
const HTML = Symbol("html");

export interface Html {
  readonly [HTML]: true;
  readonly text: string;
}

type HtmlValue = Html | string | number | null | undefined | boolean | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const isHtml = (value: unknown): value is Html =>
  typeof value === "object" && value !== null && HTML in value;

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return "";
  if (isHtml(value)) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return { [HTML]: true, text: out };
}

/** A table cell that names its column, so a phone can show each row as a card (`table.stack`). */
export const cell = (label: string, value: HtmlValue, className = ""): Html =>
  html`<td data-label="${label}"${className ? html` class="${className}"` : ""}>${value}</td>`;

/** A table that scrolls sideways on its own; `empty` is the one row shown when there are none. */
export function table(input: {
  id?: string;
  /** On a phone each row becomes a card: its cells come from `cell`. */
  stack?: boolean;
  headers: string[];
  rows: Html[];
  empty?: string;
}): Html {
  const { id, headers, rows, empty } = input;
  const body =
    rows.length === 0 && empty !== undefined
      ? html`<tr><td colspan="${headers.length}">${empty}</td></tr>`
      : rows;
  return html`<div class="table"><table${id ? html` id="${id}"` : ""}${input.stack ? html` class="stack"` : ""}>
<thead><tr>${headers.map((h) => html`<th>${h}</th>`)}</tr></thead>
<tbody>${body}</tbody>
</table></div>`;
}

/** A form's refusal, announced to screen readers; nothing when there is none. */
export const errorBox = (error?: string): HtmlValue =>
  error ? html`<p class="error" role="alert">${error}</p>` : "";

/** `2026-11-22 03:50 UTC`: one unambiguous format on every page. */
export function formatTime(epochMs: number | null): string {
  if (epochMs === null) return "—";
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

import type { ApiRequestsTable } from "../platform/db/schema.ts";
import { cell, formatTime, type Html, html, table } from "./html.ts";
import { modeName } from "./keys-views.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "Requests",
  intro: "The latest 100 API requests made with this account's keys. Entries appear within a few seconds.",
  time: "Time",
  operation: "Operation",
  mode: "Key",
  rfc: "RFC",
  status: "Status",
  outcome: "Outcome",
  credits: "Credits",
  latency: "Latency",
  request: "Request id",
  none: "No requests yet. Create a key and call the API: calls show up here.",
  outcomes:
    "Outcome: the answer's valid or found (true, false, or null when a government source could not answer, which is not charged); listed or not listed for sat-lists; accepted for work answered by webhook; or the error code.",
};

type Row = Omit<ApiRequestsTable, "id">;

export function requestsPage(input: { workspace: Workspace; requests: Row[] }): Html {
  const rows = input.requests.map(
    (
      r,
    ) => html`<tr class="${r.status >= 400 ? "failed" : ""}">${cell(copy.time, formatTime(Number(r.created_at)))}
${cell(copy.operation, `${r.method} ${r.operation}`)}${cell(copy.mode, r.mode ? modeName(r.mode) : "")}
${cell(copy.rfc, html`<code>${r.rfc ?? ""}</code>`)}${cell(copy.status, r.status, "num")}
${cell(copy.outcome, r.outcome === null ? "" : html`<code>${r.outcome}</code>`, "outcome")}
${cell(copy.credits, Number(r.credits), "num")}${cell(copy.latency, `${r.latency_ms} ms`, "num")}
${cell(copy.request, html`<code>${r.request_id}</code>`)}</tr>`,
  );
  const headers = [
    copy.time,
    copy.operation,
    copy.mode,
    copy.rfc,
    copy.status,
    copy.outcome,
    copy.credits,
    copy.latency,
    copy.request,
  ];
  return html`<h1>${copy.title} <small>${input.workspace.name}</small></h1>
<p>${copy.intro}</p>
<section class="card">${table({ id: "requests", stack: true, headers, rows, empty: copy.none })}
<p><small>${copy.outcomes}</small></p></section>`;
}

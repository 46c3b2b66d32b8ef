import type { ApiRequestsTable } from "../platform/db/schema.ts";
import { formatTime, type Html, html } from "./html.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "Requests",
  intro: "The latest 100 API requests made with this account's keys. Entries appear within a few seconds.",
  time: "Time",
  operation: "Operation",
  rfc: "RFC",
  status: "Status",
  credits: "Credits",
  latency: "Latency",
  request: "Request id",
  none: "No requests yet. Create a key and call the API: calls show up here.",
};

type Row = Omit<ApiRequestsTable, "id">;

export function requestsPage(input: { workspace: Workspace; requests: Row[] }): Html {
  const rows = input.requests.map(
    (
      r,
    ) => html`<tr class="${r.status >= 400 ? "failed" : ""}"><td>${formatTime(Number(r.created_at))}</td><td>${r.method} ${r.operation}</td>
<td><code>${r.rfc ?? ""}</code></td><td class="num">${r.status}</td><td class="num">${Number(r.credits)}</td>
<td class="num">${r.latency_ms} ms</td><td><code>${r.request_id}</code></td></tr>`,
  );
  return html`<h1>${copy.title} <small>${input.workspace.name}</small></h1>
<p>${copy.intro}</p>
<section class="card"><div class="table"><table id="requests">
<thead><tr><th>${copy.time}</th><th>${copy.operation}</th><th>${copy.rfc}</th><th>${copy.status}</th><th>${copy.credits}</th><th>${copy.latency}</th><th>${copy.request}</th></tr></thead>
<tbody>${rows.length > 0 ? rows : html`<tr><td colspan="7">${copy.none}</td></tr>`}</tbody>
</table></div></section>`;
}

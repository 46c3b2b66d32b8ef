import type { DataSource } from "../data-sources/describe-data-sources.ts";
import { formatTime, type Html, html, table } from "./html.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "Data sources",
  intro:
    "The local copies of SAT's lists that answers come from: live keys read SAT's, sandbox keys the sandbox's. The same facts are at GET /v1/data-sources.",
  source: "Source",
  mode: "Mode",
  date: "Date",
  rows: "Rows",
  updated: "Loaded",
  sync: "Last sync",
  none: "Nothing loaded yet: `padron registration sync` and `padron lists sync` load them (padron serve does it daily).",
};

const NAMES: Record<string, string> = {
  sat_rfc_list: "Registered RFCs (l_RFC)",
  sat_certificate_list: "Certificates (LCO)",
  postal_codes: "Postal codes",
};

export function dataSourcesPage(input: { workspace: Workspace; sources: DataSource[] }): Html {
  const rows = input.sources.map(
    (
      s,
    ) => html`<tr class="${s.last_sync?.outcome === "failed" ? "failed" : ""}"><td>${NAMES[s.source] ?? s.source.replace("contributor_list:", "Contributor list ")}</td>
<td>${s.mode}</td><td>${s.date ?? ""}</td><td class="num">${s.rows.toLocaleString("en")}</td>
<td>${s.updated_at ? formatTime(Date.parse(s.updated_at)) : ""}</td>
<td>${s.last_sync ? html`${formatTime(Date.parse(s.last_sync.at))} ${s.last_sync.outcome}${s.last_sync.detail ? html` (${s.last_sync.detail})` : ""}` : ""}</td></tr>`,
  );
  const headers = [copy.source, copy.mode, copy.date, copy.rows, copy.updated, copy.sync];
  return html`<h1>${copy.title} <small>${input.workspace.name}</small></h1>
<p>${copy.intro}</p>
<section class="card">${table({ id: "data-sources", headers, rows, empty: copy.none })}</section>`;
}

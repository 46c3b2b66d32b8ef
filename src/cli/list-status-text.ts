import { listsMissingFrom, syncedListFiles } from "../contributor-lists/catalog.ts";
import type { ListStatus } from "../contributor-lists/read-list-status.ts";

/** `padron lists status` for people: a line per list, then what each mode's answers can say. */
export function listStatusText(statuses: readonly ListStatus[]): string {
  const lines = statuses.map(
    (s) => `${s.mode.padEnd(8)} ${s.list.padEnd(26)} ${loadedText(s)}${refreshText(s)}`,
  );
  for (const mode of new Set(statuses.map((s) => s.mode))) lines.push(completeness(mode, statuses));
  return lines.join("\n");
}

function loadedText(s: ListStatus): string {
  if (!s.loaded) return "not loaded";
  return `${String(s.rows).padStart(8)} rows  content ${s.content_date ?? "-"}  fetched ${s.fetched_at}  checked ${s.checked_at}  ${s.source}`;
}

/** A refresh that did not take the file is shown with when and why; a good one adds nothing. */
function refreshText(s: ListStatus): string {
  const refresh = s.last_refresh;
  if (!refresh || (refresh.status !== "failed" && refresh.status !== "rejected")) return "";
  return `  last refresh ${refresh.status} at ${refresh.at} after ${refresh.attempts} attempt(s): ${refresh.reason ?? "no reason given"}`;
}

function completeness(mode: string, statuses: readonly ListStatus[]): string {
  const loaded = new Set(statuses.filter((s) => s.mode === mode && s.loaded).map((s) => s.list));
  const missing = listsMissingFrom(loaded);
  const synced = syncedListFiles().length;
  if (missing.length === 0) return `${mode}: every list is loaded; sat-lists and validate answer from them`;
  if (missing.length === synced)
    return `${mode}: no list is loaded; sat-lists and validate answer sat_lists: null (unknown), not charged`;
  return `${mode}: ${missing.length} of ${synced} lists not loaded (${missing.join(", ")}); an RFC in none of the loaded lists is answered as unknown`;
}

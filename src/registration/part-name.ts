import type { RegistrationList } from "../platform/db/schema.ts";
import { isListDate } from "./list-date.ts";

export type PartName = { list: RegistrationList; date: string; part: number };

const RFC_PART = /^l_RFC_(\d{4})_(\d{2})_(\d{2})_(\d+)\.txt(\.gz)?$/i;
const LCO_PART = /^LCO_(\d{4})-(\d{2})-(\d{2})_(\d+)\.xml(\.gz)?$/i;

/** `l_RFC_2018_02_11_1.txt.gz` / `LCO_2018-02-11_1.XML.gz` (research §1.7); null for other names and days. */
export function readPartName(fileName: string): PartName | null {
  for (const [list, pattern] of [
    ["rfc", RFC_PART],
    ["certificates", LCO_PART],
  ] as const) {
    const match = pattern.exec(fileName);
    const date = match && `${match[1]}-${match[2]}-${match[3]}`;
    if (match && date && isListDate(date)) return { list, date, part: Number(match[4]) };
  }
  return null;
}

/** The container listing prefix of a list's parts for a date (`YYYY-MM-DD`) or a month (`YYYY-MM`). */
export function partPrefix(list: RegistrationList, dateOrMonth: string): string {
  return list === "rfc" ? `l_RFC_${dateOrMonth.replace(/-/g, "_")}` : `LCO_${dateOrMonth}`;
}

/** A part's published name. */
export function partFileName(list: RegistrationList, date: string, part: number): string {
  return `${partPrefix(list, date)}_${part}.${list === "rfc" ? "txt" : "XML"}.gz`;
}

const DAY_MS = 86_400_000;

/** A list date (`YYYY-MM-DD`) as stored: days since 1970-01-01. */
export const dayOf = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** When a list dated `day` was as of: its date at midnight UTC. */
export const asOfDay = (day: number): string => new Date(day * DAY_MS).toISOString();

/** `YYYY-MM-DD` naming a day that exists: not 2026-02-30, which Date.parse would take as March 2nd. */
export function isListDate(text: string): boolean {
  const day = dayOf(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && Number.isFinite(day) && dateOfDay(day) === text;
}

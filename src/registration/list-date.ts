const DAY_MS = 86_400_000;

/** A list date (`YYYY-MM-DD`) as stored: days since 1970-01-01. */
export const dayOf = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** When a list dated `day` was as of: its date at midnight UTC. */
export const asOfDay = (day: number): string => new Date(day * DAY_MS).toISOString();

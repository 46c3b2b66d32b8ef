const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when year/month/day (month 1–12) is a date that exists in the Gregorian calendar. */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** True for a real date at a time of day within 00:00:00–23:59:59 (no leap second). */
export function isRealDateTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): boolean {
  return isRealDate(year, month, day) && hour < 24 && minute < 60 && second < 60;
}

/** YYMMDD of a UTC date, as RFC and CURP write it. */
export function yymmdd(date: Date): string {
  const parts = [date.getUTCFullYear() % 100, date.getUTCMonth() + 1, date.getUTCDate()];
  return parts.map((part) => String(part).padStart(2, "0")).join("");
}

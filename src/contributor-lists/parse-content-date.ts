/** September is also written "setiembre". */
const MONTHS = new Map([
  ..."enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
    .split(" ")
    .map((name, index) => [name, index + 1] as const),
  ["setiembre", 9],
]);

const UPDATED_AT = /actualizada\s+al\s+(\d{1,2})\s+de\s+([a-z]+)\s+de\s+(\d{4})/;

/** "Información actualizada al 31 de mayo de 2026; …" → "2026-05-31"; null when absent or not a real date. */
export function parseContentDate(preamble: string): string | null {
  const text = preamble
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const match = UPDATED_AT.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), MONTHS.get(match[2]), Number(match[3])];
  if (!month) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** `{base}000010/000004/06/25/80/00001000000406258094.cer` (research §2.1); base ends at `rccf/`. */
export function certificateFileUrl(base: string, serial: string): string {
  if (!/^\d{20}$/.test(serial))
    throw new RangeError(`serial must be 20 digits, got ${JSON.stringify(serial)}`);
  const parts = [
    serial.slice(0, 6),
    serial.slice(6, 12),
    serial.slice(12, 14),
    serial.slice(14, 16),
    serial.slice(16, 18),
  ];
  const root = base.endsWith("/") ? base : `${base}/`;
  return `${root}${parts.join("/")}/${serial}.cer`;
}

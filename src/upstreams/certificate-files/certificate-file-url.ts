/** `{base}000010/000004/06/25/80/00001000000406258094.cer` (research §2.1); base ends at `rccf/`. */
export function certificateFileUrl(base: string, serial: string): string {
  if (!/^\d{20}$/.test(serial))
    throw new RangeError(`serial must be 20 digits, got ${JSON.stringify(serial)}`);
  const folders = serial.replace(/^(\d{6})(\d{6})(\d{2})(\d{2})(\d{2})\d{2}$/, "$1/$2/$3/$4/$5");
  const root = base.endsWith("/") ? base : `${base}/`;
  return `${root}${folders}/${serial}.cer`;
}

/** Público en general (national) and foreign generic RFCs (research §3.1). */
export const GENERIC_RFCS = { national: "XAXX010101000", foreign: "XEXX010101000" } as const;

export function isGenericRfc(rfc: string): boolean {
  return rfc === GENERIC_RFCS.national || rfc === GENERIC_RFCS.foreign;
}

const RFC_ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/** The check digit SAT appends to the first 11 (company) or 12 (individual) characters (research §3.2). */
export function rfcCheckDigit(rfcWithoutDigit: string): string {
  const padded = rfcWithoutDigit.length === 11 ? ` ${rfcWithoutDigit}` : rfcWithoutDigit;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = RFC_ALPHABET.indexOf(padded[i] ?? "");
    if (value < 0) throw new Error(`character outside the RFC alphabet: ${padded[i]}`);
    sum += value * (13 - i);
  }
  const remainder = sum % 11;
  if (remainder === 0) return "0";
  if (remainder === 1) return "A";
  return String(11 - remainder);
}

/** True when the last character equals the computed check digit; about 1.5 % of real RFCs fail it. */
export function hasValidRfcCheckDigit(rfc: string): boolean {
  if (rfc.length !== 12 && rfc.length !== 13) return false;
  try {
    return rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1);
  } catch {
    return false;
  }
}

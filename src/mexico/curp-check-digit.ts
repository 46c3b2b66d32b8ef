const CURP_ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ";

/** Check digit of the first 17 CURP characters (research §3.5; Ñ counts as the symbol after N). */
export function curpCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = first17[i] === "Ñ" ? "&" : (first17[i] ?? "");
    const value = CURP_ALPHABET.indexOf(char);
    if (value < 0 || char === "") throw new Error(`character outside the CURP alphabet: ${first17[i]}`);
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

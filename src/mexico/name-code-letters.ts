import { nameWithoutPunctuation } from "./normalize-name.ts";

const SURNAME_PARTICLES = new Set("DE LA LAS MC VON DEL LOS Y MAC VAN MI DA DAS DI".split(" "));
const COMMON_FIRST_NAMES = new Set(["MARIA", "MA", "JOSE", "J"]);
const VOWELS = "AEIOU";

function significantWords(text: string): string[] {
  return nameWithoutPunctuation(text)
    .split(" ")
    .filter((word) => word.length > 0 && !SURNAME_PARTICLES.has(word));
}

/** A surname as RFC/CURP read it: particles such as DE, LA, DEL dropped (research §3.4). */
export function surnameForCode(surname: string | undefined): string {
  return significantWords(surname ?? "").join(" ");
}

/** The given name used for the code: a leading MARIA/JOSE is skipped when more names follow. */
export function givenNameForCode(names: string): string {
  const words = significantWords(names);
  if (words.length > 1 && COMMON_FIRST_NAMES.has(words[0])) return words[1];
  return words[0] ?? "";
}

export function firstInternalVowel(word: string): string {
  for (const char of word.slice(1)) if (VOWELS.includes(char)) return char;
  return "X";
}

export function firstInternalConsonant(word: string): string {
  for (const char of word.slice(1)) {
    if (char >= "A" && char <= "Z" && !VOWELS.includes(char)) return char;
    if (char === "Ñ") return "X";
  }
  return "X";
}

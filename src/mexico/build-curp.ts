import { yymmdd } from "./calendar-date.ts";
import { curpCheckDigit } from "./curp-check-digit.ts";
import { avoidCurpInconvenientWord } from "./inconvenient-words.ts";
import {
  firstInternalConsonant,
  firstInternalVowel,
  givenNameForCode,
  surnameForCode,
} from "./name-code-letters.ts";

export type CurpPerson = {
  names: string;
  firstSurname: string;
  secondSurname?: string;
  birthDate: Date;
  sex: "H" | "M";
  /** CURP entity code, e.g. DF, JC, NE. */
  entity: string;
  /** 0-based homonym index RENAPO assigns; 0 for most people. */
  homonymIndex?: number;
};

const AFTER_2000 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Ñ is written X in a CURP (the widely reported rule; research §3.5 notes it is unconfirmed). */
function curpLetter(char: string | undefined): string {
  if (char === undefined || char === "Ñ" || char < "A" || char > "Z") return "X";
  return char;
}

/** Builds a CURP by the Instructivo's rules (research §3.5). */
export function buildCurp(person: CurpPerson): string {
  const first = surnameForCode(person.firstSurname);
  const second = surnameForCode(person.secondSurname);
  const given = givenNameForCode(person.names);
  const letters = avoidCurpInconvenientWord(
    curpLetter(first[0]) +
      curpLetter(firstInternalVowel(first)) +
      curpLetter(second[0]) +
      curpLetter(given[0]),
  );
  const consonants =
    firstInternalConsonant(first) + firstInternalConsonant(second) + firstInternalConsonant(given);
  const index = person.homonymIndex ?? 0;
  const differentiator =
    person.birthDate.getUTCFullYear() < 2000 ? String(index % 10) : AFTER_2000[index % AFTER_2000.length];
  const first17 =
    letters + yymmdd(person.birthDate) + person.sex + person.entity + consonants + differentiator;
  return first17 + curpCheckDigit(first17);
}

import { yymmdd } from "./calendar-date.ts";
import { avoidRfcForbiddenWord } from "./inconvenient-words.ts";
import { stripLegalEntitySuffix } from "./legal-entity-suffixes.ts";
import { firstInternalVowel, givenNameForCode, surnameForCode } from "./name-code-letters.ts";
import { nameWithoutPunctuation } from "./normalize-name.ts";
import { rfcCheckDigit } from "./rfc-check-digit.ts";
import { rfcHomoclave } from "./rfc-homoclave.ts";

export type IndividualNameParts = { names: string; firstSurname: string; secondSurname?: string };

/** The four letters of a persona física RFC (research §3.4, rfc-facil's variants). */
export function individualRfcLetters(person: IndividualNameParts): string {
  const first = surnameForCode(person.firstSurname);
  const second = surnameForCode(person.secondSurname);
  const given = givenNameForCode(person.names);
  let letters: string;
  if (first.length === 0) letters = second.slice(0, 2) + given.slice(0, 2);
  else if (second.length === 0) letters = first.slice(0, 2) + given.slice(0, 2);
  else if (first.length <= 2) letters = first[0] + second[0] + given.slice(0, 2);
  else letters = first[0] + firstInternalVowel(first) + second[0] + given[0];
  return avoidRfcForbiddenWord(letters.padEnd(4, "X"));
}

const COMPANY_IGNORED_WORDS = new Set(
  (
    "A ANTE BAJO CABE CON CONTRA DE DESDE DURANTE EN ENTRE HACIA HASTA MEDIANTE PARA POR SEGUN SIN SO SOBRE " +
    "TRAS VERSUS VIA EL LA LOS LAS UN UNA UNOS UNAS LO DEL Y COMPANIA CIA SOCIEDAD SOC"
  ).split(" "),
);

/** The three letters of a persona moral RFC (research §3.4). */
export function companyRfcLetters(legalName: string): string {
  const words = nameWithoutPunctuation(stripLegalEntitySuffix(legalName))
    .split(" ")
    .filter((word) => word.length > 0 && !COMPANY_IGNORED_WORDS.has(word) && !/^\d+$/.test(word));
  if (words.length >= 3) return words[0][0] + words[1][0] + words[2][0];
  if (words.length === 2) return (words[0][0] + words[1].slice(0, 2)).padEnd(3, "X");
  return (words[0] ?? "").slice(0, 3).padEnd(3, "X");
}

function fullNameForHomoclave(person: IndividualNameParts): string {
  return [person.firstSurname, person.secondSurname ?? "", person.names]
    .filter((p) => p.length > 0)
    .join(" ");
}

/** A persona física RFC: letters, birth date, homoclave, check digit. */
export function buildIndividualRfc(person: IndividualNameParts & { birthDate: Date }): string {
  const base =
    individualRfcLetters(person) + yymmdd(person.birthDate) + rfcHomoclave(fullNameForHomoclave(person));
  return base + rfcCheckDigit(base);
}

/** A persona moral RFC: letters, incorporation date, homoclave, check digit. */
export function buildCompanyRfc(company: { legalName: string; incorporationDate: Date }): string {
  const base =
    companyRfcLetters(company.legalName) +
    yymmdd(company.incorporationDate) +
    rfcHomoclave(company.legalName);
  return base + rfcCheckDigit(base);
}

import { STATES } from "../../mexico/states.ts";
import { pick, type Rng, weighted } from "../chaos/rng.ts";
import { COMPANY_ACTIVITIES, COMPANY_CORES, LEGAL_FORMS, SURNAMES } from "./spanish-names.ts";

/** Share of companies that take the name of an earlier random company (homonyms, another RFC). */
const HOMONYM_SHARE = 0.005;

/** How random company names are made, with weights: most start with an activity (GRUPO, CONSTRUCTORA…). */
const NAME_PATTERNS: readonly (readonly [(random: Rng, activity: string) => string, number])[] = [
  [(random, activity) => `${activity} ${pick(random, COMPANY_CORES)}`, 8],
  [(random, activity) => `${activity} ${pick(random, SURNAMES)}`, 20],
  [
    (random, activity) => `${activity} ${pick(random, COMPANY_CORES)} DE ${pick(random, STATES).upperName}`,
    37,
  ],
  [(random) => `${pick(random, SURNAMES)} ${pick(random, SURNAMES)} Y ASOCIADOS`, 20],
  [(random, activity) => `${activity} ${pick(random, SURNAMES)} HERMANOS`, 15],
];

/**
 * A company name without legal form, and its legal form. Names already used are avoided, except for a
 * few deliberate homonyms of earlier random companies (`randomNames`), never of a scenario's.
 */
export function generateCompanyName(random: Rng, usedNames: Set<string>, randomNames: string[]) {
  if (randomNames.length > 0 && random() < HOMONYM_SHARE) {
    return { baseName: pick(random, randomNames), legalForm: weighted(random, LEGAL_FORMS) };
  }
  for (;;) {
    const pattern = weighted(random, NAME_PATTERNS);
    const baseName = pattern(random, pick(random, COMPANY_ACTIVITIES));
    if (usedNames.has(baseName)) continue;
    usedNames.add(baseName);
    randomNames.push(baseName);
    return { baseName, legalForm: weighted(random, LEGAL_FORMS) };
  }
}

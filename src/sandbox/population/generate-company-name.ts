import { STATES } from "../../mexico/states.ts";
import { pick, type Random, weighted } from "./random.ts";
import { COMPANY_ACTIVITIES, COMPANY_CORES, LEGAL_FORMS, SURNAMES } from "./spanish-names.ts";

/** Share of companies that take the name of an earlier random company (homonyms, another RFC). */
const HOMONYM_SHARE = 0.005;

/**
 * A company name without legal form, and its legal form. Names already used are avoided, except for a
 * few deliberate homonyms of earlier random companies (`randomNames`), never of a scenario's.
 */
export function generateCompanyName(
  random: Random,
  usedNames: Set<string>,
  randomNames: string[],
): { baseName: string; legalForm: string } {
  if (randomNames.length > 0 && random() < HOMONYM_SHARE) {
    return { baseName: pick(random, randomNames), legalForm: weighted(random, LEGAL_FORMS) };
  }
  for (;;) {
    const pattern = weighted(random, [
      ["activity-core", 8],
      ["activity-surname", 20],
      ["activity-core-state", 37],
      ["surnames-associates", 20],
      ["activity-surname-brothers", 15],
    ] as const);
    const activity = pick(random, COMPANY_ACTIVITIES);
    let baseName: string;
    if (pattern === "activity-core") baseName = `${activity} ${pick(random, COMPANY_CORES)}`;
    else if (pattern === "activity-surname") baseName = `${activity} ${pick(random, SURNAMES)}`;
    else if (pattern === "activity-core-state") {
      baseName = `${activity} ${pick(random, COMPANY_CORES)} DE ${pick(random, STATES).upperName}`;
    } else if (pattern === "surnames-associates") {
      baseName = `${pick(random, SURNAMES)} ${pick(random, SURNAMES)} Y ASOCIADOS`;
    } else baseName = `${activity} ${pick(random, SURNAMES)} HERMANOS`;
    if (usedNames.has(baseName)) continue;
    usedNames.add(baseName);
    randomNames.push(baseName);
    return { baseName, legalForm: weighted(random, LEGAL_FORMS) };
  }
}

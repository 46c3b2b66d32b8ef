import { STATES } from "../../mexico/states.ts";
import { pick, type Random, weighted } from "./random.ts";
import { COMPANY_ACTIVITIES, COMPANY_CORES, LEGAL_FORMS, SURNAMES } from "./spanish-names.ts";

/** A company name without legal form, and its legal form; names already used are avoided. */
export function generateCompanyName(
  random: Random,
  usedNames: Set<string>,
): { baseName: string; legalForm: string } {
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
    return { baseName, legalForm: weighted(random, LEGAL_FORMS) };
  }
}

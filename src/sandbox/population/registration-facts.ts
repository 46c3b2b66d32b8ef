import type { Population, Taxpayer } from "./types.ts";

/** A stable 32-bit hash of an RFC: flags and churn follow from it, so every date's list is fixed. */
function hashOf(rfc: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < rfc.length; i++) hash = Math.imul(hash ^ rfc.charCodeAt(i), 16_777_619) >>> 0;
  return hash;
}

/**
 * Whether a taxpayer is on the registered-RFC list of a date (days since 1970): cancelled RFCs never;
 * scenario taxpayers always (or as their `registration.absent` says); about 0.2 % of the others are
 * off the list on any one date and back the next (realistic churn, a removal and a restoration a day).
 */
export function onRfcList(population: Population, taxpayer: Taxpayer, day: number): boolean {
  if (taxpayer.padronStatus === "cancelado") return false;
  const absent = taxpayer.registration?.absent;
  if (absent) return day % absent.period !== absent.phase;
  if (taxpayer.registration || population.scenarioRfcs.has(taxpayer.rfc)) return true;
  return (hashOf(taxpayer.rfc) + day) % 500 !== 0;
}

/** SNCF (1) and SUBCONTRATACION (2): about 2 % and 1 %, a few flipping each date. */
export function rfcListFlags(population: Population, taxpayer: Taxpayer, day: number): number {
  const fixed = taxpayer.registration;
  if (fixed || population.scenarioRfcs.has(taxpayer.rfc))
    return (fixed?.sncf ? 1 : 0) + (fixed?.subcontracting ? 2 : 0);
  const hash = hashOf(taxpayer.rfc);
  const sncf = (hash % 50 === 0) !== ((hash + day) % 1000 === 7);
  const subcontracting = (hash >>> 8) % 100 === 0;
  return (sncf ? 1 : 0) + (subcontracting ? 2 : 0);
}

/** ValidezObligaciones of a taxpayer's CSDs in the certificate list. */
export const obligationsOf = (taxpayer: Taxpayer) => taxpayer.registration?.obligations ?? 1;

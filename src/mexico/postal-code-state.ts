import { type MexicanState, STATES } from "./states.ts";

const BY_PREFIX = new Map<string, MexicanState>();
for (const state of STATES) for (const prefix of state.postalPrefixes) BY_PREFIX.set(prefix, state);

/** The state a five-digit postal code belongs to, from its first two digits; null when unknown or malformed. */
export function stateOfPostalCode(postalCode: string): MexicanState | null {
  if (!/^\d{5}$/.test(postalCode)) return null;
  return BY_PREFIX.get(postalCode.slice(0, 2)) ?? null;
}

import type { KeyMode } from "../api-keys/key-format.ts";

/** Which catalog a key uses: live keys the operator's import, sandbox keys the sandbox's download. */
export type CatalogMode = "live" | "sandbox";

export const catalogModeOf = (mode: KeyMode): CatalogMode => (mode === "test" ? "sandbox" : "live");

export function parseCatalogMode(value: string | undefined): CatalogMode {
  if (value === undefined || value === "live") return "live";
  if (value === "sandbox") return "sandbox";
  throw new TypeError(`--mode must be live or sandbox, got "${value}"`);
}

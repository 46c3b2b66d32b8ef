import type { ListMode } from "../platform/db/schema.ts";

/** Additive fields of an answer that came from a local copy of SAT's lists. */
export type ListSource = { source: "sat_rfc_list" | "sat_certificate_list"; data_as_of: string };

/** Sandbox keys read the sandbox's lists, live keys SAT's. */
export const listModeOf = (keyMode: "live" | "test"): ListMode => (keyMode === "test" ? "sandbox" : "live");

import type { PostalSettlement } from "../../../src/upstreams/postal-catalog/port.ts";

/** A catalog row for `zip`, in Centro, Tabasco: tests choose which codes a catalog has, not where. */
export const settlementAt = (zip: string): PostalSettlement => ({
  zip,
  settlement: "Centro",
  settlementType: "Colonia",
  municipality: "Centro",
  state: "Tabasco",
  city: "",
  stateCode: "27",
  municipalityCode: "004",
  zone: "Urbano",
});

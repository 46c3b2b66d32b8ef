import type { Config } from "../config.ts";
import { hasActivePlan, type PlanHolder } from "./renew-allowance.ts";

// The price list's operations, in its order; registration is priced in the configuration but not listed.
const OPERATIONS = [
  "validate",
  "verify",
  "verify-batch",
  "find-zip",
  "profile",
  "commerce-registry",
  "sat-lists",
  "csf",
] as const;

export type Operation = (typeof OPERATIONS)[number] | "registration";

/** Credits for one call (verify-batch: per record). sat-lists is free for owners with an active plan. */
export const priceOf = (
  operation: Operation,
  config: Pick<Config, "prices">,
  owner: Omit<PlanHolder, "planMonthlyCredits">,
): number => (operation === "sat-lists" && hasActivePlan(owner) ? 0 : config.prices[operation]);

/** Every operation's price for someone without a plan, as the configuration sets it. */
export const priceList = (config: Pick<Config, "prices">): { operation: Operation; credits: number }[] =>
  OPERATIONS.map((operation) => ({
    operation,
    credits: priceOf(operation, config, { plan: "payg", planExpiresAt: null }),
  }));

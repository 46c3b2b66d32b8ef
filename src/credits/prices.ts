import type { Config } from "../config.ts";
import { hasActivePlan, type PlanHolder } from "./renew-allowance.ts";

export type Operation =
  | "validate"
  | "verify"
  | "verify-batch"
  | "find-zip"
  | "profile"
  | "commerce-registry"
  | "sat-lists"
  | "registration"
  | "csf";

/** Credits for one call (verify-batch: per record). sat-lists is free for owners with an active plan. */
export const priceOf = (
  operation: Operation,
  config: Pick<Config, "prices">,
  owner: Omit<PlanHolder, "planMonthlyCredits">,
): number => (operation === "sat-lists" && hasActivePlan(owner) ? 0 : config.prices[operation]);

export const OPERATIONS: readonly Operation[] = [
  "validate",
  "verify",
  "verify-batch",
  "find-zip",
  "profile",
  "commerce-registry",
  "sat-lists",
  "csf",
];

/** Every operation's price for someone without a plan, as the configuration sets it. */
export const priceList = (config: Pick<Config, "prices">): { operation: Operation; credits: number }[] =>
  OPERATIONS.map((operation) => ({
    operation,
    credits: priceOf(operation, config, { plan: "payg", planExpiresAt: null }),
  }));

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
export function priceOf(
  operation: Operation,
  config: Config,
  owner: Omit<PlanHolder, "planMonthlyCredits">,
): number {
  switch (operation) {
    case "validate":
      return config.priceValidate;
    case "verify":
      return config.priceVerify;
    case "verify-batch":
      return config.priceVerifyBatchRecord;
    case "find-zip":
      return config.priceFindZip;
    case "profile":
      return config.priceProfile;
    case "commerce-registry":
      return config.priceCommerceRegistry;
    case "sat-lists":
      return hasActivePlan(owner) ? 0 : config.priceSatLists;
    case "registration":
      return config.priceRegistration;
    case "csf":
      return config.priceCsf;
  }
}

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
export const priceList = (config: Config): { operation: Operation; credits: number }[] =>
  OPERATIONS.map((operation) => ({
    operation,
    credits: priceOf(operation, config, { plan: "payg", planExpiresAt: null }),
  }));

import { findOwner } from "../accounts/find-owner.ts";
import { grantCredits } from "../credits/grant-credits.ts";
import { readBalance } from "../credits/read-balance.ts";
import { setPlan } from "../credits/set-plan.ts";
import type { Command } from "./command.ts";
import { print, required, withDatabase } from "./session.ts";

export const credits: Record<string, Command> = {
  "credits grant": {
    usage: "--owner user:E|org:S --credits N",
    options: { owner: { type: "string" }, credits: { type: "string" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        const raw = required(values, "credits");
        const amount = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
        if (!Number.isSafeInteger(amount) || amount <= 0)
          throw new TypeError(
            `--credits must be a whole number of credits in digits, 1 or more, got "${raw}"`,
          );
        await db
          .transaction()
          .execute((trx) =>
            grantCredits(trx, { ownerId: owner.id, credits: amount, kind: "grant", note: "operator grant" }),
          );
        const balance = await readBalance(db, owner.id);
        process.stdout.write(`granted ${amount} credits to ${values.owner}; balance ${balance.credits}\n`);
      }),
  },
  "credits plan": {
    usage: "--owner user:E|org:S --allowance N [--json]   (credits a month; 0 removes the plan)",
    options: { owner: { type: "string" }, allowance: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        const raw = required(values, "allowance");
        const monthlyCredits = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
        if (!Number.isSafeInteger(monthlyCredits))
          throw new TypeError(
            `--allowance must be a whole number of credits a month (0 removes the plan), got "${raw}"`,
          );
        const plan = await db
          .transaction()
          .execute((trx) => setPlan(trx, { ownerId: owner.id, monthlyCredits }));
        const text =
          monthlyCredits === 0
            ? `${values.owner} has no plan now: pay as you go from its balance`
            : `${values.owner} has a plan of ${monthlyCredits} credits a month; ${plan.allowanceLeft} left this month`;
        const data = {
          owner: values.owner,
          plan: monthlyCredits === 0 ? "payg" : "pro",
          monthly_credits: monthlyCredits,
          allowance_left: plan.allowanceLeft,
        };
        print(Boolean(values.json), data, text);
      }),
  },
};

import { findOwner } from "../accounts/find-owner.ts";
import { grantCredits } from "../credits/grant-credits.ts";
import { readBalance } from "../credits/read-balance.ts";
import type { Command } from "./commands.ts";
import { required, withDatabase } from "./session.ts";

export const credits: Record<string, Command> = {
  "credits grant": {
    usage: "--owner user:E|org:S --credits N",
    options: { owner: { type: "string" }, credits: { type: "string" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        const amount = Number(required(values, "credits"));
        if (!Number.isSafeInteger(amount) || amount <= 0)
          throw new TypeError("--credits must be a positive integer");
        await db
          .transaction()
          .execute((trx) =>
            grantCredits(trx, { ownerId: owner.id, credits: amount, kind: "grant", note: "operator grant" }),
          );
        const balance = await readBalance(db, owner.id);
        process.stdout.write(`granted ${amount} credits to ${values.owner}; balance ${balance.credits}\n`);
      }),
  },
};

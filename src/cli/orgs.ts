import { createOrganization } from "../accounts/create-organization.ts";
import { findOwner } from "../accounts/find-owner.ts";
import type { Command } from "./command.ts";
import { print, required, withDatabase } from "./session.ts";

export const orgs: Record<string, Command> = {
  "orgs create": {
    usage: "--name N --owner user:E [--json]",
    options: { name: { type: "string" }, owner: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        if (owner.kind !== "user") throw new TypeError("--owner must be user:EMAIL");
        const org = await createOrganization(db, { name: required(values, "name"), ownerUserId: owner.id });
        print(Boolean(values.json), org, org.slug);
      }),
  },
};

import { createUser } from "../accounts/create-user.ts";
import type { Command } from "./commands.ts";
import { print, required, withDatabase } from "./session.ts";

export const users: Record<string, Command> = {
  "users create": {
    usage: "--email E [--password P] [--json]",
    options: { email: { type: "string" }, password: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }, config) => {
        const user = await createUser(
          db,
          { email: required(values, "email"), password: values.password as string | undefined },
          config,
        );
        print(Boolean(values.json), { id: user.id, email: user.email, credits: user.credits }, user.id);
      }),
  },
};

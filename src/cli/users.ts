import { createUser } from "../accounts/create-user.ts";
import { setPassword } from "../accounts/set-password.ts";
import type { Command } from "./command.ts";
import { print, required, withDatabase } from "./session.ts";

export const users: Record<string, Command> = {
  "users create": {
    usage: "--email E [--password P] [--json]   (10 to 200 characters)",
    options: { email: { type: "string" }, password: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }, config) => {
        const user = await createUser(
          db,
          { email: required(values, "email"), password: values.password as string | undefined },
          config.accounts,
        );
        print(Boolean(values.json), user, user.id);
        if (!values.password)
          process.stderr.write(
            `note: ${user.email} has no password, so cannot log in to the dashboard until one is set: ` +
              `padron users password --email ${user.email} --password P (API keys work without it)\n`,
          );
      }),
  },
  "users password": {
    usage: "--email E --password P   (10 to 200 characters; ends the user's sessions)",
    options: { email: { type: "string" }, password: { type: "string" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const email = required(values, "email");
        await setPassword(db, { email, password: required(values, "password") });
        process.stdout.write(`${email} can log in to the dashboard with the new password\n`);
      }),
  },
};

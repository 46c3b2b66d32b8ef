import type { Command } from "./command.ts";

type Group = Record<string, Command>;
/** The commands of one module (`keys create`, `keys list`…), each loading the module when it runs. */
const fromGroup = (load: () => Promise<Group>, ...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, async () => (await load())[name]]));

// Each command's module is loaded only when it runs: a quick `keys list` does not pay for the app.
export const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./serve.ts")).serve,
  worker: async () => (await import("./worker.ts")).worker,
  migrate: async () => (await import("./migrate.ts")).migrate,
  sandbox: async () => (await import("./sandbox.ts")).sandbox,
  mcp: async () => (await import("./mcp.ts")).mcp,
  ...fromGroup(async () => (await import("./users.ts")).users, "users create", "users password"),
  ...fromGroup(async () => (await import("./orgs.ts")).orgs, "orgs create"),
  ...fromGroup(async () => (await import("./keys.ts")).keys, "keys create", "keys list", "keys delete"),
  ...fromGroup(async () => (await import("./credits.ts")).credits, "credits grant", "credits plan"),
  ...fromGroup(async () => (await import("./lists.ts")).lists, "lists sync", "lists import", "lists status"),
  ...fromGroup(async () => (await import("./postal-codes.ts")).postalCodes, "postal-codes import"),
  ...fromGroup(
    async () => (await import("./registration.ts")).registration,
    "registration import",
    "registration sync",
    "registration status",
  ),
  ...fromGroup(async () => (await import("./cert.ts")).cert, "cert inspect"),
};

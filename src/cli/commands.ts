import type { Command } from "./command.ts";

type Group = Record<string, Command>;
const one = (load: () => Promise<Command>) => load;
const fromGroup = (name: string, load: () => Promise<Group>) => async () => (await load())[name];

// Each command's module is loaded only when it runs: a quick `keys list` does not pay for the app.
export const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: one(async () => (await import("./serve.ts")).serve),
  worker: one(async () => (await import("./worker.ts")).worker),
  migrate: one(async () => (await import("./migrate.ts")).migrate),
  sandbox: one(async () => (await import("./sandbox.ts")).sandbox),
  mcp: one(async () => (await import("./mcp.ts")).mcp),
  "users create": fromGroup("users create", async () => (await import("./users.ts")).users),
  "users password": fromGroup("users password", async () => (await import("./users.ts")).users),
  "orgs create": fromGroup("orgs create", async () => (await import("./orgs.ts")).orgs),
  "keys create": fromGroup("keys create", async () => (await import("./keys.ts")).keys),
  "keys list": fromGroup("keys list", async () => (await import("./keys.ts")).keys),
  "keys delete": fromGroup("keys delete", async () => (await import("./keys.ts")).keys),
  "credits grant": fromGroup("credits grant", async () => (await import("./credits.ts")).credits),
  "credits plan": fromGroup("credits plan", async () => (await import("./credits.ts")).credits),
  "lists sync": fromGroup("lists sync", async () => (await import("./lists.ts")).lists),
  "lists import": fromGroup("lists import", async () => (await import("./lists.ts")).lists),
  "lists status": fromGroup("lists status", async () => (await import("./lists.ts")).lists),
  "postal-codes import": fromGroup(
    "postal-codes import",
    async () => (await import("./postal-codes.ts")).postalCodes,
  ),
  "registration import": fromGroup(
    "registration import",
    async () => (await import("./registration.ts")).registration,
  ),
  "registration sync": fromGroup(
    "registration sync",
    async () => (await import("./registration.ts")).registration,
  ),
  "registration status": fromGroup(
    "registration status",
    async () => (await import("./registration.ts")).registration,
  ),
  "cert inspect": fromGroup("cert inspect", async () => (await import("./cert.ts")).cert),
};

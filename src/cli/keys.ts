import { findOwner } from "../accounts/find-owner.ts";
import { deleteApiKey } from "../api-keys/delete-api-key.ts";
import { issueApiKey } from "../api-keys/issue-api-key.ts";
import { checkApiKeyFormat, displayPrefixOf } from "../api-keys/key-format.ts";
import { listApiKeys } from "../api-keys/list-api-keys.ts";
import type { Command } from "./command.ts";
import { print, required, withDatabase } from "./session.ts";

const DISPLAY_PREFIX = /^pdr_(live|test)_[0-9A-Za-z]{6}$/;

export const keys: Record<string, Command> = {
  "keys create": {
    usage: "--owner user:E|org:S --label L [--test] [--json]",
    options: {
      owner: { type: "string" },
      label: { type: "string" },
      test: { type: "boolean" },
      json: { type: "boolean" },
    },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        const { key, label, mode, displayPrefix } = await issueApiKey(db, {
          ownerId: owner.id,
          label: required(values, "label"),
          mode: values.test ? "test" : "live",
        });
        print(Boolean(values.json), { key, label, mode, display_prefix: displayPrefix }, key);
      }),
  },
  "keys list": {
    usage: "--owner user:E|org:S [--json]",
    options: { owner: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const owner = await findOwner(db, required(values, "owner"));
        const list = await listApiKeys(db, owner.id);
        const rows = list.map((k) => ({
          display_prefix: k.displayPrefix,
          label: k.label,
          mode: k.mode,
          created_at: new Date(k.createdAt).toISOString(),
          last_used_at: k.lastUsedAt === null ? null : new Date(k.lastUsedAt).toISOString(),
        }));
        const text = rows.map(
          (r) =>
            `${r.display_prefix}…  ${r.mode}  ${r.label}  created ${r.created_at}  last used ${r.last_used_at ?? "never"}`,
        );
        print(Boolean(values.json), rows, text.join("\n") || "no keys");
      }),
  },
  "keys delete": {
    usage:
      "--prefix P [--owner user:E|org:S]   (the whole key, or pdr_live_ or pdr_test_ and the 6 characters " +
      "after it, as `keys list` shows; --owner when keys share a prefix)",
    options: { prefix: { type: "string" }, owner: { type: "string" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const given = required(values, "prefix").trim();
        // A whole key is matched by its hash: its display prefix alone may be another key's too.
        const key = checkApiKeyFormat(given) ? given : undefined;
        const prefix = key ? displayPrefixOf(key) : given;
        if (!DISPLAY_PREFIX.test(prefix))
          throw new TypeError(
            `--prefix takes a key's display prefix: pdr_live_ or pdr_test_ and the 6 characters after it, ` +
              `e.g. pdr_live_a1B2c3 (\`padron keys list --owner …\` shows them); got "${given}"`,
          );
        const ownerId = values.owner ? (await findOwner(db, values.owner as string)).id : undefined;
        const deleted = await deleteApiKey(db, key ? { key, ownerId } : { displayPrefix: prefix, ownerId });
        if (deleted === 0)
          throw new TypeError(
            `no key with prefix ${prefix}${key ? " is that whole key" : ""}` +
              `${values.owner ? ` of ${values.owner}` : ""} (never created, or deleted already)`,
          );
        process.stdout.write(`deleted the key with prefix ${prefix}\n`);
      }),
  },
};

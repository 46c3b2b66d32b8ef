#!/usr/bin/env -S node --max-semi-space-size=8 --no-allocation-site-pretenuring
import { parseArgs } from "node:util";
import { COMMANDS } from "./cli/commands.ts";
import { isServiceError } from "./platform/errors.ts";

// padron <command> [subcommand] [--options]: the operator CLI (DESIGN §7).
const argv = process.argv.slice(2);
const name = COMMANDS[`${argv[0]} ${argv[1]}`] ? `${argv[0]} ${argv[1]}` : argv[0];
const command = name && COMMANDS[name] ? await COMMANDS[name]() : undefined;

if (!command) {
  const list = await Promise.all(
    Object.entries(COMMANDS).map(async ([n, load]) => `  padron ${n} ${(await load()).usage}`),
  );
  process.stderr.write(`usage:\n${list.join("\n")}\n`);
  process.exit(name ? 2 : 0);
}

const rest = argv.slice(name.split(" ").length);
try {
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options,
    allowPositionals: true,
    strict: true,
  });
  await command.run(values as Record<string, string | boolean | undefined>, positionals);
} catch (error) {
  const message =
    isServiceError(error) || error instanceof TypeError
      ? error.message
      : String((error as Error).stack ?? error);
  process.stderr.write(`padron ${name}: ${message}\n`);
  process.exit(1);
}

#!/usr/bin/env -S node --max-semi-space-size=8 --no-allocation-site-pretenuring
import { enableCompileCache } from "node:module";
import { parseArgs } from "node:util";

// Compiled code (and the stripped TypeScript) is kept on disk: later starts skip compiling ~1,400
// modules. Everything else is imported after this line so that it is cached too.
enableCompileCache();
const { COMMANDS } = await import("./cli/commands.ts");
const { isServiceError } = await import("./platform/errors.ts");

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

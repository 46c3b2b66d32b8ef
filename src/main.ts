import { parseArgs } from "node:util";
import { COMMANDS } from "./cli/commands.ts";
import { ConfigurationError } from "./platform/configuration-error.ts";
import { isServiceError } from "./platform/errors.ts";
import { ImportBusyError } from "./registration/import-lease.ts";
import { SignedFileError } from "./signed-files/signed-file-error.ts";

// padron <command> [subcommand] [--options]: the operator CLI (DESIGN §7).
const argv = process.argv.slice(2);
const name = COMMANDS[`${argv[0]} ${argv[1]}`] ? `${argv[0]} ${argv[1]}` : argv[0];
const command = name && COMMANDS[name] ? await COMMANDS[name]() : undefined;

if (!command) {
  const list = await Promise.all(
    Object.entries(COMMANDS).map(async ([n, load]) => `  padron ${n} ${(await load()).usage}`),
  );
  process.stderr.write(`${name ? unknownCommand(argv) : ""}usage:\n${list.join("\n")}\n`);
  // Asked for help: 0; no command, or one that is not known, is a usage error: 2.
  process.exit(["help", "--help", "-h"].includes(name) ? 0 : 2);
}

const rest = argv.slice(name.split(" ").length);
try {
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options,
    allowPositionals: command.takesFiles === true,
    strict: true,
  });
  await command.run(values as Record<string, string | boolean | undefined>, positionals);
} catch (error) {
  // The operator's own input (a bad option or setting, a file that is not there or that is refused) is
  // one line; a bug keeps its stack.
  const message =
    isServiceError(error) || isOperatorError(error) || isSystemError(error)
      ? (error as Error).message
      : String((error as Error).stack ?? error);
  process.stderr.write(`padron ${name}: ${message}\n`);
  process.exit(1);
}

/** What the operator asked or set up is wrong: options, settings, database, a part refused, a lease held. */
function isOperatorError(error: unknown): boolean {
  return [TypeError, ConfigurationError, SignedFileError, ImportBusyError].some(
    (kind) => error instanceof kind,
  );
}

/** A failed system call (ENOENT, EACCES, ECONNREFUSED…): Node's message names the call and the path. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

/** What was asked that is not a command: a group without its subcommand says which ones it has. */
function unknownCommand(words: string[]): string {
  if (["help", "--help", "-h"].includes(words[0])) return "";
  const subcommands = Object.keys(COMMANDS)
    .filter((known) => known.startsWith(`${words[0]} `))
    .map((known) => known.split(" ")[1]);
  if (subcommands.length === 0) return `padron: unknown command "${words[0]}"\n`;
  const asked = words[1] && !words[1].startsWith("-") ? ` ${words[1]}` : "";
  return `padron: unknown command "${words[0]}${asked}": ${words[0]} takes ${subcommands.join(", ")}\n`;
}

import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  mkdirSync,
  renameSync,
  statSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createBrotliDecompress } from "node:zlib";

const NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];
const CACHE = fileURLToPath(new URL("../../node_modules/.cache/padron/", import.meta.url));

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A Chromium installed on the machine (Debian's `chromium` package and the like), or null. */
export function systemChromium(): string | null {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const dir of [...dirs, "/usr/bin"])
    for (const name of NAMES) if (isExecutableFile(join(dir, name))) return join(dir, name);
  return null;
}

/**
 * The headless Chromium that the `@sparticuz/chromium` dev dependency carries in its npm tarball
 * (brotli-compressed), inflated once into node_modules/.cache. Written to a file of its own and
 * renamed, so test files that start together never run a half-written binary.
 */
export async function bundledChromium(): Promise<string> {
  const entry = import.meta.resolve("@sparticuz/chromium");
  const { version } = JSON.parse(await readFile(new URL("../package.json", entry), "utf8"));
  const target = join(CACHE, `chromium-${version}`);
  if (isExecutableFile(target)) return target;
  mkdirSync(CACHE, { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  await pipeline(
    createReadStream(new URL("../bin/chromium.br", entry)),
    createBrotliDecompress(),
    createWriteStream(partial, { mode: 0o755 }),
  );
  renameSync(partial, target);
  return target;
}

/** What the browser tests drive: CHROMIUM_PATH, else the system's Chromium, else the bundled one. */
export async function findChromium(): Promise<string> {
  return process.env.CHROMIUM_PATH || systemChromium() || (await bundledChromium());
}

// Leaves of the configuration schema: each names its environment variable (`env`), default and meaning.
import ipaddr from "ipaddr.js";
import { type TProperties, Type } from "typebox";

const leaf = (env: string, fallback: unknown, description: string) => ({
  env,
  default: fallback,
  description,
});
const WEB = ["http:", "https:"];

/** A group of settings (one concern); its description heads its README table. */
export const group = <P extends TProperties>(description: string, properties: P) =>
  Type.Object(properties, { description });

export const integer = (env: string, fallback: number, description: string, min = 0, max?: number) =>
  Type.Integer({
    ...leaf(env, fallback, description),
    minimum: min,
    ...(max === undefined ? {} : { maximum: max }),
  });
export const decimal = (env: string, fallback: number, description: string) =>
  Type.Number({ ...leaf(env, fallback, description), minimum: 0 });
/** A share of something, above 0 and at most 1. */
export const share = (env: string, fallback: number, description: string) =>
  Type.Number({ ...leaf(env, fallback, description), exclusiveMinimum: 0, maximum: 1 });
export const flag = (env: string, fallback: boolean, description: string) =>
  Type.Boolean(leaf(env, fallback, description));
export const text = (env: string, fallback: string, description: string) =>
  Type.String(leaf(env, fallback, description));
export const oneOf = <T extends string>(env: string, fallback: T, description: string, values: T[]) =>
  Type.Enum(values, leaf(env, fallback, description));

/** Empty (none), else a URL with one of these schemes. */
export const url = (env: string, fallback: string, description: string, schemes = WEB) =>
  Type.Refine(
    text(env, fallback, description),
    (value) => value === "" || schemes.includes(URL.parse(value)?.protocol ?? ""),
    () => `must be a URL (${schemes.join(" or ")})`,
  );

/** A secret (its value never shown in an error): empty (none), else at least `min` characters. */
export const secret = (env: string, description: string, min = 0) =>
  Type.Refine(
    Type.String({ ...leaf(env, "", description), writeOnly: true }),
    (value) => value === "" || value.length >= min,
    () => `must be at least ${min} characters (or empty)`,
  );

/** A string the schema checks with `test`, then hands on as `decode` makes it. */
const decoded =
  <T>(test: (value: string) => boolean, error: string, decode: (value: string) => T) =>
  (env: string, fallback: string, description: string) =>
    Type.Decode(
      Type.Refine(text(env, fallback, description), test, () => error),
      decode,
    );

const commaList = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** A comma-separated subset of `sandbox` and `live`; empty for none. */
export const listModes = decoded(
  (value) => commaList(value).every((mode) => mode === "sandbox" || mode === "live"),
  "may hold sandbox and live",
  (value) => commaList(value) as ("sandbox" | "live")[],
);

const PROXY_PRESETS = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (entry: string) =>
  PROXY_PRESETS.includes(entry) ||
  (entry.includes("/") ? isCidr(entry) : ipaddr.isValid(entry) && !/^\d+$/.test(entry));
const isCidr = (entry: string) => {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
};
const ON = /^(true|yes|on)$/i;
const OFF = /^(|false|no|off)$/i;

/**
 * Fastify's `trustProxy`: true/false or comma-separated addresses, CIDRs and presets. A hop count is
 * refused: Fastify 5 ignores one (it cannot tell a proxy from a client that sends the header itself).
 */
export const proxyTrust = decoded(
  (value) => ON.test(value) || OFF.test(value) || value.split(",").every((e) => isProxyAddress(e.trim())),
  "must be true, false or comma-separated proxy addresses/CIDRs (not a hop count)",
  (value): boolean | string => (ON.test(value) ? true : OFF.test(value) ? false : commaList(value).join(",")),
);

/** How a flag's environment value reads (any case); anything else is refused. */
export const FLAG_WORDS: Record<string, boolean> = {
  ...{ "1": true, true: true, yes: true, on: true },
  ...{ "": false, "0": false, false: false, no: false, off: false },
};

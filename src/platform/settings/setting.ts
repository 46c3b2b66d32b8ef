// Building blocks of the configuration schema: a setting is an env name, a default, a meaning, a parser.
import ipaddr from "ipaddr.js";

export type Parser<T> = (raw: string, name: string) => T;

export interface Setting<T> {
  env: string;
  default: string;
  meaning: string;
  parse: Parser<T>;
}

export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Parser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    }
    return value;
  };
export const decimal =
  (min: number): Parser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value) || value < min)
      throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
    return value;
  };
export const text: Parser<string> = (raw) => raw.trim();
export const flag: Parser<boolean> = (raw, name) => {
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off|)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
};
export const url =
  (schemes: string[]): Parser<string> =>
  (raw, name) => {
    if (raw.trim() === "") return "";
    try {
      const parsed = new URL(raw);
      if (!schemes.includes(parsed.protocol)) throw new Error();
    } catch {
      throw new Error(`${name} must be a URL (${schemes.join(" or ")}), got "${raw}"`);
    }
    return raw.trim();
  };
/** A secret: empty (none), else at least `min` characters. */
export const secret =
  (min: number): Parser<string> =>
  (raw, name) => {
    const value = raw.trim();
    if (value !== "" && value.length < min)
      throw new Error(`${name} must be at least ${min} characters (or empty), got ${value.length}`);
    return value;
  };
export const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!values.includes(raw as T))
      throw new Error(`${name} must be one of ${values.join(", ")}, got "${raw}"`);
    return raw as T;
  };

/** A comma-separated subset of `sandbox` and `live`; empty for none. */
export const listModes: Parser<("sandbox" | "live")[]> = (raw, name) => {
  const modes = raw
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  for (const mode of modes)
    if (mode !== "sandbox" && mode !== "live")
      throw new Error(`${name} may hold sandbox and live, got "${raw}"`);
  return modes as ("sandbox" | "live")[];
};

export const setting = <T>(
  env: string,
  defaultValue: string,
  meaning: string,
  parse: Parser<T>,
): Setting<T> => ({
  env,
  default: defaultValue,
  meaning,
  parse,
});

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

/**
 * Fastify's `trustProxy`: true/false or comma-separated addresses, CIDRs and presets. A hop count is
 * refused: Fastify 5 ignores one (it cannot tell a proxy from a client that sends the header itself).
 */
export const proxyTrust: Parser<boolean | string> = (raw, name) => {
  const value = raw.trim();
  if (/^(|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries.join(",");
  throw new Error(
    `${name} must be true, false or comma-separated proxy addresses/CIDRs (not a hop count), got "${raw}"`,
  );
};

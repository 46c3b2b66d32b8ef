import { lookup as dnsLookup } from "node:dns/promises";
import { ServiceError } from "../platform/errors.ts";
import { ipLiteralOf, isPublicAddress } from "./is-public-address.ts";

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface VettedTarget {
  url: URL;
  /** The address to connect to: the one that was checked, so no second lookup can change it. */
  address: string;
  family: 4 | 6;
}

export interface VetOptions {
  allowPrivate: boolean;
  requireHttps?: boolean;
  resolve?: Resolve;
}

const MAX_LENGTH = 2048;
const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
const refuse = (why: string): never => {
  throw new ServiceError("invalid_webhook_url", `webhook_url ${why}.`, {
    errors: [{ path: "/webhook_url", message: why }],
  });
};

/** URL rules of DESIGN §3.1, then every address the host resolves to must be public (SSRF guard). */
export async function vetWebhookUrl(raw: string, options: VetOptions): Promise<VettedTarget> {
  if (typeof raw !== "string" || raw.length === 0) return refuse("is required");
  if (raw.length > MAX_LENGTH) return refuse(`must be at most ${MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("is not a valid URL");
  }
  const schemes = options.requireHttps ? ["https:"] : ["http:", "https:"];
  if (!schemes.includes(url.protocol))
    return refuse(`must use ${options.requireHttps ? "https" : "http or https"}`);
  if (url.username || url.password) return refuse("must not carry credentials");
  const literal = ipLiteralOf(url.hostname);
  // A lookup that fails is a host that does not resolve, like one that returns no address.
  const candidates = literal
    ? [{ address: literal, family: literal.includes(":") ? 6 : 4 }]
    : await (options.resolve ?? systemResolve)(url.hostname).catch(() => []);
  if (candidates.length === 0) return refuse("has a host that does not resolve");
  if (!options.allowPrivate && candidates.some((c) => !isPublicAddress(c.address)))
    return refuse("must resolve only to public addresses");
  const chosen = candidates[0];
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

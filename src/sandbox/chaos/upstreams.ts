/** The simulated government services, each with its own latency and fault settings. */
export const UPSTREAMS = [
  "padron",
  "certificate-search",
  "certificate-files",
  "renapo",
  "commerce-registry",
  "contributor-lists",
  "postal-codes",
  "sat-csf",
] as const;

export type Upstream = (typeof UPSTREAMS)[number];

export function isUpstream(value: string): value is Upstream {
  return (UPSTREAMS as readonly string[]).includes(value);
}

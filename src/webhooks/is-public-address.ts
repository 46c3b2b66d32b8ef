import ipaddr from "ipaddr.js";

/**
 * True only for globally routable unicast addresses. ipaddr.js names every special range (loopback,
 * private, link-local incl. 169.254.169.254 metadata, CGNAT, multicast, unspecified, documentation and
 * other reserved blocks, unique-local, 6to4/Teredo/NAT64 wrappers); IPv4-mapped IPv6 is unwrapped first.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === "unicast";
}

/** An IP literal as the WHATWG URL parser leaves it (odd IPv4 spellings are already canonical). */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare))
    ? bare
    : null;
}

import ipaddr from "ipaddr.js";

type IPv6 = ipaddr.IPv6;

/**
 * True only for globally routable unicast addresses. ipaddr.js names every special range (loopback,
 * private, link-local incl. 169.254.169.254 metadata, CGNAT, multicast, unspecified, documentation and
 * other reserved blocks, unique-local); an IPv6 address that embeds an IPv4 one is judged by that IPv4.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const embedded = embeddedIPv4s(parsed as IPv6);
  if (embedded) return embedded.every((ipv4) => ipv4.range() === "unicast");
  return parsed.range() === "unicast";
}

const EMBEDDING_FORMS: { prefix: IPv6; bits: number; at: { offset: number; inverted?: boolean }[] }[] = [
  // IPv4-compatible (::/96, deprecated), IPv4-mapped and IPv4-translated (SIIT), NAT64 well-known prefix.
  { prefix: ipaddr.parse("::") as IPv6, bits: 96, at: [{ offset: 12 }] },
  { prefix: ipaddr.parse("::ffff:0:0") as IPv6, bits: 96, at: [{ offset: 12 }] },
  { prefix: ipaddr.parse("::ffff:0:0:0") as IPv6, bits: 96, at: [{ offset: 12 }] },
  { prefix: ipaddr.parse("64:ff9b::") as IPv6, bits: 96, at: [{ offset: 12 }] },
  // 6to4 carries the IPv4 right after the prefix; Teredo the server's, then the client's (inverted).
  { prefix: ipaddr.parse("2002::") as IPv6, bits: 16, at: [{ offset: 2 }] },
  { prefix: ipaddr.parse("2001::") as IPv6, bits: 32, at: [{ offset: 4 }, { offset: 12, inverted: true }] },
];

/** The IPv4 addresses an IPv6 address carries, or null when it is not one of the embedding forms. */
function embeddedIPv4s(address: IPv6): ipaddr.IPv4[] | null {
  const form = EMBEDDING_FORMS.find((f) => address.match(f.prefix, f.bits));
  if (!form) return null;
  const bytes = address.toByteArray();
  return form.at.map(
    ({ offset, inverted }) =>
      new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((b) => (inverted ? b ^ 0xff : b))),
  );
}

/** An IP literal as the WHATWG URL parser leaves it (odd IPv4 spellings are already canonical). */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare))
    ? bare
    : null;
}

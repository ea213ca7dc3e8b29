import ipaddr from 'ipaddr.js';

// Credential-bearing instance metadata endpoints stay blocked even when
// private addresses are allowed: fetching them is never a legitimate ingest.
const METADATA = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

/** The IPv4 address an IPv6 address embeds (mapped, NAT64, 6to4, compatible), if any. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const fromParts = (hi: number, lo: number): ipaddr.IPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return fromParts(p[6]!, p[7]!);
    case 'rfc6052':
      // 64:ff9b:1::/48 is the local-use NAT64 prefix with no fixed embedding.
      return p[1] === 0xff9b && p[2] === 1 ? null : fromParts(p[6]!, p[7]!);
    case '6to4':
      return fromParts(p[1]!, p[2]!);
  }
  // Deprecated IPv4-compatible form ::a.b.c.d (but not :: or ::1).
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7]! > 1)) return fromParts(p[6]!, p[7]!);
  return null;
}

/**
 * Why an address must not be connected to, or null when it may be.
 * Only globally routable unicast addresses pass unless allowPrivate is set.
 */
export function addressBlockReason(address: string, allowPrivate: boolean): string | null {
  const raw = address.replace(/^\[|\]$/g, '');
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(raw);
  } catch {
    return `invalid address ${address}`;
  }
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    v6.zoneId = undefined;
    if (METADATA.has(v6.toNormalizedString()) || METADATA.has(v6.toRFC5952String())) {
      return `cloud metadata address ${raw}`;
    }
    const inner = embeddedIPv4(v6);
    if (inner) {
      const reason = addressBlockReason(inner.toString(), allowPrivate);
      return reason ? `${reason} (embedded in ${raw})` : null;
    }
    if (allowPrivate) return null;
    const range = v6.range();
    return range === 'unicast' ? null : `${range} address ${raw}`;
  }
  if (METADATA.has(ip.toString())) return `cloud metadata address ${raw}`;
  if (allowPrivate) return null;
  const range = (ip as ipaddr.IPv4).range();
  return range === 'unicast' ? null : `${range} address ${raw}`;
}

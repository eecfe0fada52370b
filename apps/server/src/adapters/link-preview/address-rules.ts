import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** The only ports a preview may be fetched from, unless an exact host:port is allow-listed. */
export const PREVIEW_PORTS: ReadonlySet<number> = new Set([80, 443]);

const isPublicV4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/** The IPv4 address carried inside an IPv6 one (mapped, translated, NAT64 /96, 6to4), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const tail = (from: number) => new ipaddr.IPv4(bytes.slice(from, from + 4));
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return tail(12);
    case '6to4':
      return tail(2);
    case 'rfc6052': {
      // Only the well-known 64:ff9b::/96 prefix puts the address in the last 32 bits.
      const parts = address.parts;
      return parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0) ? tail(12) : null;
    }
    default:
      return null;
  }
}

/**
 * True only for a globally routable unicast address. Refused: loopback, RFC 1918, carrier-grade NAT,
 * link-local (with the metadata address 169.254.169.254), unspecified, multicast, broadcast, reserved
 * and documentation ranges, IPv6 loopback, unique-local and link-local, and every IPv6 form that wraps
 * a refused IPv4 address. Teredo and local-use NAT64 are refused whole: their inner address is not plain.
 */
export function isPublicAddress(text: string): boolean {
  const bare = text.replace(/^\[|\]$/g, '');
  const kind = net.isIP(bare);
  if (kind === 4) return isPublicV4(ipaddr.IPv4.parse(bare));
  if (kind !== 6) return false;
  const address = ipaddr.IPv6.parse(bare);
  if (['ipv4Mapped', 'rfc6145', '6to4', 'rfc6052'].includes(address.range())) {
    const inner = embeddedIPv4(address);
    return inner !== null && isPublicV4(inner);
  }
  // Global unicast is 2000::/3; anything else (IPv4-compatible ::/96 included) is not the public internet.
  return address.range() === 'unicast' && (address.parts[0]! & 0xe000) === 0x2000;
}

/** `host:port` as the allow-list writes it, from a URL: lower-case host (IPv6 in brackets), explicit port. */
export function hostPortOf(url: URL): string {
  return `${url.hostname}:${portOf(url)}`;
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

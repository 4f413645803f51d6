import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses are special-purpose, by the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries (RFC 6890 and its updates) and the IPv6 Address Space registry: loopback, private,
 * link-local, documentation, benchmarking, translation and the rest. ipaddr.js names the blocks;
 * what it does not name is added here from the registries. A webhook never goes to one (unless the
 * operator allows it): the service would be posting into its own network.
 */

/** IPv6 global unicast (IANA IPv6 Address Space): everything outside it is reserved by the IETF or special. */
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];

/** What `ipaddr.js` calls the ranges, said for a reader of a 400 problem. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  private: 'private',
  reserved: 'reserved or documentation',
  as112: 'AS112 (DNS sink)',
  amt: 'AMT (multicast tunnelling)',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'site-local (deprecated)',
  discard: 'discard-only',
  benchmarking: 'benchmarking',
  as112v6: 'AS112 (DNS sink)',
  deprecatedOrchid: 'ORCHID (deprecated)',
  orchid2: 'ORCHIDv2',
  droneRemoteIdProtocolEntityTags: 'drone remote ID (DET)',
  segmentRouting: 'segment-routing SID',
  rfc6052: 'local-use NAT64 (64:ff9b:1::/48)',
};

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries and is delivered by (RFC 4291 mapped and compatible,
 * RFC 6145 translated, RFC 6052 NAT64 well-known prefix, RFC 3056 6to4, RFC 4380 Teredo server
 * and obfuscated client), with the form's name; null when it carries none.
 */
function embeddedIpv4(address: ipaddr.IPv6): { form: string; ipv4: ipaddr.IPv4[] } | null {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped') return { form: 'IPv4-mapped', ipv4: [ipv4Of(p[6]!, p[7]!)] };
  if (range === 'rfc6145') return { form: 'IPv4-translated', ipv4: [ipv4Of(p[6]!, p[7]!)] };
  // 64:ff9b:1::/48 is for local NAT64 with any prefix layout (RFC 8215): special whatever it holds.
  if (range === 'rfc6052' && address.match(ipaddr.IPv6.parse('64:ff9b::'), 96))
    return { form: 'NAT64', ipv4: [ipv4Of(p[6]!, p[7]!)] };
  if (range === '6to4') return { form: '6to4', ipv4: [ipv4Of(p[1]!, p[2]!)] };
  if (range === 'teredo')
    return { form: 'Teredo', ipv4: [ipv4Of(p[2]!, p[3]!), ipv4Of(~p[6]! & 0xffff, ~p[7]! & 0xffff)] };
  // IPv4-compatible (::a.b.c.d, RFC 4291 2.5.5.1, deprecated): the first 96 bits zero, past :: and ::1.
  if (p.slice(0, 6).every((part) => part === 0) && (p[6]! !== 0 || p[7]! > 1))
    return { form: 'IPv4-compatible', ipv4: [ipv4Of(p[6]!, p[7]!)] };
  return null;
}

function ipv4Purpose(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_NAMES[range] ?? range);
}

/**
 * Why an IP address is special-purpose (`"loopback"`, `"the NAT64 form of 169.254.169.254
 * (link-local)"`), or null for a public unicast one; null too for what is not an IP address.
 */
export function specialPurpose(text: string): string | null {
  // node:net's parser, not ipaddr.js's: it accepts only the canonical forms URLs and resolvers give.
  if (isIP(text) === 0) return null;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return ipv4Purpose(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) {
    for (const ipv4 of embedded.ipv4) {
      const purpose = ipv4Purpose(ipv4);
      if (purpose) return `the ${embedded.form} form of ${ipv4.toString()} (${purpose})`;
    }
    return null;
  }
  const range = v6.range();
  if (range !== 'unicast') return RANGE_NAMES[range] ?? range;
  if (!v6.match(GLOBAL_UNICAST)) return 'reserved by the IETF (outside global unicast, 2000::/3)';
  return null;
}

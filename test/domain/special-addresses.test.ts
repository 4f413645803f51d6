import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { specialPurpose } from '../../src/domain/special-addresses.js';

/** The literals issue 47 found accepted, then one address of each block of the IANA special-purpose registries. */
const SPECIAL = [
  // Issue 47: IPv4-compatible, IPv4-translated, NAT64 and 6to4 of loopback or link-local; site-local; documentation.
  ['::7f00:1', /IPv4-compatible form of 127\.0\.0\.1 \(loopback\)/],
  ['::ffff:0:7f00:1', /IPv4-translated form of 127\.0\.0\.1 \(loopback\)/],
  ['64:ff9b::a9fe:a9fe', /NAT64 form of 169\.254\.169\.254 \(link-local\)/],
  ['2002:a9fe:a9fe::', /6to4 form of 169\.254\.169\.254 \(link-local\)/],
  ['fec0::1', /site-local/],
  ['192.0.2.1', /reserved or documentation/],
  ['198.51.100.7', /reserved or documentation/],
  // IANA IPv4 Special-Purpose Address Registry, one address of each block.
  ['0.1.2.3', /unspecified/],
  ['10.0.0.1', /private/],
  ['100.64.0.1', /shared/],
  ['127.0.0.1', /loopback/],
  ['169.254.169.254', /link-local/],
  ['172.16.0.1', /private/],
  ['192.0.0.9', /reserved/],
  ['192.0.0.170', /reserved/],
  ['192.31.196.1', /AS112/],
  ['192.52.193.1', /AMT/],
  ['192.88.99.1', /reserved/],
  ['192.168.1.1', /private/],
  ['192.175.48.1', /AS112/],
  ['198.18.0.1', /reserved/],
  ['203.0.113.1', /reserved/],
  ['224.0.0.1', /multicast/],
  ['240.0.0.1', /reserved/],
  ['255.255.255.255', /broadcast/],
  // IANA IPv6 Special-Purpose Address Registry, one address of each block.
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['::ffff:10.0.0.1', /IPv4-mapped form of 10\.0\.0\.1 \(private\)/],
  ['64:ff9b:1::1', /local-use NAT64/],
  ['100::1', /discard/],
  ['100:0:0:1::1', /reserve/],
  ['2001:1::1', /reserved/],
  ['2001:2::1', /benchmarking/],
  ['2001:3::1', /AMT/],
  ['2001:4:112::1', /AS112/],
  ['2001:10::1', /ORCHID/],
  ['2001:20::1', /ORCHIDv2/],
  ['2001:30::1', /drone/],
  ['2001:db8::1', /reserved or documentation/],
  ['2620:4f:8000::1', /AS112/],
  ['3fff::1', /reserved or documentation/],
  ['5f00::1', /segment-routing/],
  ['fc00::1', /unique-local/],
  ['fd12:3456::1', /unique-local/],
  ['fe80::1', /link-local/],
  ['ff02::1', /multicast/],
  // Teredo (2001::/32): its server 0.1.0.1 is special; 6to4 and NAT64 of private addresses.
  ['2001:0:1:1::', /Teredo form of 0\.1\.0\.1 \(unspecified\)/],
  ['2002:c0a8:101::1', /6to4 form of 192\.168\.1\.1 \(private\)/],
  ['64:ff9b::a00:1', /NAT64 form of 10\.0\.0\.1 \(private\)/],
  // Outside 2000::/3 and named by no registry entry: reserved by the IETF.
  ['4000::1', /reserved by the IETF/],
] as const;

describe('special-purpose addresses (IANA registries)', () => {
  it('names why each address of every special-purpose block, and every embedded form of one, is special', () => {
    for (const [address, why] of SPECIAL) assert.match(specialPurpose(address) ?? 'accepted', why, address);
  });

  it('accepts public unicast addresses, and public IPv4 addresses carried by NAT64, 6to4 and mapped forms', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:2800:220:1:248:1893:25c8:1946',
      '2a00:1450:4009:81f::200e',
      '::ffff:93.184.216.34',
      '64:ff9b::808:808',
      '2002:5db8:d822::1',
    ])
      assert.equal(specialPurpose(address), null, address);
  });

  it('says nothing of what is not an IP address (names are checked once resolved)', () => {
    assert.equal(specialPurpose('hooks.example.org'), null);
    assert.equal(specialPurpose('2130706433'), null);
  });
});

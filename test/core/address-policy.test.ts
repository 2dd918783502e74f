/** The address policy: which addresses are global unicast, and what allowNetworks exempts. */
import { describe, expect, it } from 'vitest';
import { AddressPolicy, classifyAddress, parseNetworks } from '../../src/index.js';

function policy(allowNetworks: string[] = [], blockPrivate = true): AddressPolicy {
  return new AddressPolicy({ blockPrivate, allowNetworks: parseNetworks(allowNetworks) });
}

/** [address, range the guard names]: every one of these must be refused. */
const BLOCKED: ReadonlyArray<readonly [string, string]> = [
  // loopback
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  // private
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['fec0::1', 'deprecatedSiteLocal'],
  // link-local
  ['169.254.1.1', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['febf::1', 'linkLocal'],
  // CGNAT
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  // unspecified ("this network")
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  // broadcast
  ['255.255.255.255', 'broadcast'],
  // multicast
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  // reserved
  ['240.0.0.1', 'reserved'],
  ['254.255.255.255', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['4000::1', 'reserved'],
  ['100::1', 'discard'],
  ['2001:10::1', 'deprecatedOrchid'],
  ['2001:20::1', 'orchid2'],
  // documentation
  ['192.0.2.1', 'reserved'],
  ['198.51.100.1', 'reserved'],
  ['203.0.113.254', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['3fff::1', 'reserved'],
  // benchmarking
  ['198.18.0.1', 'reserved'],
  ['198.19.255.254', 'reserved'],
  ['2001:2::1', 'benchmarking'],
  // cloud metadata, including the public ones
  ['169.254.169.254', 'cloudMetadata'],
  ['169.254.170.2', 'cloudMetadata'],
  ['fd00:ec2::254', 'cloudMetadata'],
  ['100.100.100.200', 'cloudMetadata'],
  ['168.63.129.16', 'cloudMetadata'],
  ['192.0.0.192', 'cloudMetadata'],
];

/** [address, form, the embedded IPv4 address judged]: IPv6 forms carrying a blocked IPv4 address. */
const EMBEDDING_BLOCKED: ReadonlyArray<readonly [string, string, string]> = [
  ['::ffff:127.0.0.1', 'ipv4Mapped', '127.0.0.1'],
  ['::ffff:7f00:1', 'ipv4Mapped', '127.0.0.1'],
  ['::ffff:10.0.0.1', 'ipv4Mapped', '10.0.0.1'],
  ['::ffff:169.254.169.254', 'ipv4Mapped', '169.254.169.254'],
  ['::ffff:168.63.129.16', 'ipv4Mapped', '168.63.129.16'],
  ['::ffff:0:7f00:1', 'rfc6145', '127.0.0.1'],
  ['::127.0.0.1', 'ipv4Compatible', '127.0.0.1'],
  ['::7f00:1', 'ipv4Compatible', '127.0.0.1'],
  ['::a00:1', 'ipv4Compatible', '10.0.0.1'],
  ['64:ff9b::7f00:1', 'nat64', '127.0.0.1'],
  ['64:ff9b::10.0.0.1', 'nat64', '10.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'nat64', '169.254.169.254'],
  ['2002:7f00:1::1', '6to4', '127.0.0.1'],
  ['2002:c0a8:101::', '6to4', '192.168.1.1'],
  ['2002:a83f:8110::1', '6to4', '168.63.129.16'],
  // Teredo: 2001:0:SERVER:flags:port:CLIENT, the client inverted. Either one being blocked refuses the address.
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo', '192.0.2.45'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo', '10.0.0.1'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'teredo', '10.0.0.1'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '11.0.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
];

describe('classifyAddress', () => {
  it.each(BLOCKED)('refuses %s as %s', (address, range) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: false, range });
  });

  it.each(EMBEDDING_BLOCKED)('refuses %s (%s) for the %s it carries', (address, form, embedded) => {
    expect(classifyAddress(address)).toEqual({
      allowed: false,
      address: expect.any(String),
      range: form,
      embedded,
    });
  });

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: true, range: 'unicast' });
  });

  it.each([
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['64:ff9b::808:808', 'nat64'],
    ['2002:808:808::1', '6to4'],
    ['2001:0:808:808:0:0:f7f7:f7f7', 'teredo'],
  ])('allows %s, a %s form of a public address', (address, form) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: true, range: form, embedded: '8.8.8.8' });
  });

  it('refuses the deprecated IPv4-compatible form even when it carries a public address', () => {
    expect(classifyAddress('::8.8.8.8')).toMatchObject({ allowed: false, range: 'ipv4Compatible' });
    expect(classifyAddress('::808:808')).toMatchObject({ allowed: false, range: 'ipv4Compatible' });
  });

  it('refuses the local-use NAT64 prefix whatever it seems to carry', () => {
    expect(classifyAddress('64:ff9b:1::808:808')).toMatchObject({ allowed: false, range: 'nat64Local' });
    expect(classifyAddress('64:ff9b:1:a00:1::')).toMatchObject({ allowed: false, range: 'nat64Local' });
  });

  it('gives the canonical form of the address', () => {
    expect(classifyAddress('2001:0db8:0000:0000:0000:0000:0000:0001').address).toBe('2001:db8::1');
    expect(classifyAddress('[::1]').address).toBe('::1');
  });

  it.each(['example.com', '0x7f.1', '127.1', '2130706433', '127.0.0.1.', '1.2.3.256', '::ffff:1.2.3.256', ''])(
    'throws for %j, which is not a canonical IP literal',
    (text) => {
      expect(() => classifyAddress(text)).toThrow(/not an IP address/);
    },
  );
});

describe('AddressPolicy', () => {
  it('allows everything when blockPrivate is off', () => {
    const open = policy([], false);
    for (const [address] of [...BLOCKED, ...EMBEDDING_BLOCKED]) expect(open.check(address).allowed).toBe(true);
  });

  it('keeps the verdict of classifyAddress when nothing is exempt', () => {
    const strict = policy();
    for (const [address] of [...BLOCKED, ...EMBEDDING_BLOCKED]) expect(strict.check(address).allowed).toBe(false);
    for (const address of PUBLIC) expect(strict.check(address).allowed).toBe(true);
  });

  it('exempts exactly the allowed networks', () => {
    const lab = policy(['127.0.0.0/8', '10.1.0.0/16', 'fd00:1::/32']);
    expect(lab.check('127.0.0.1').allowed).toBe(true);
    expect(lab.check('127.200.0.9').allowed).toBe(true);
    expect(lab.check('10.1.2.3').allowed).toBe(true);
    expect(lab.check('10.2.0.1').allowed).toBe(false);
    expect(lab.check('fd00:1:abcd::1').allowed).toBe(true);
    expect(lab.check('fd00:2::1').allowed).toBe(false);
    expect(lab.check('::1').allowed).toBe(false);
    expect(lab.check('169.254.169.254').allowed).toBe(false);
    expect(lab.check('192.168.0.1')).toMatchObject({ allowed: false, range: 'private' });
  });

  it('exempts an IPv6 form by the IPv4 address it carries', () => {
    const lab = policy(['127.0.0.0/8']);
    // What a dual-stack socket reports as the remote address of an IPv4 connection.
    expect(lab.check('::ffff:127.0.0.1').allowed).toBe(true);
    expect(lab.check('64:ff9b::7f00:1').allowed).toBe(true);
    expect(lab.check('::ffff:10.0.0.1').allowed).toBe(false);
  });

  it('does not exempt a Teredo address because one of its two blocked addresses is allowed', () => {
    // Server 127.0.0.2 (exempt), client 10.0.0.1 (not).
    const teredo = '2001:0:7f00:2:8000:63bf:f5ff:fffe';
    expect(classifyAddress(teredo).allowed).toBe(false);
    expect(policy(['127.0.0.2/32']).check(teredo).allowed).toBe(false);
    expect(policy(['127.0.0.2/32', '10.0.0.0/8']).check(teredo).allowed).toBe(true);
  });

  it('does not exempt the IPv4-compatible form through the IPv4 address it carries', () => {
    expect(policy(['127.0.0.0/8']).check('::127.0.0.1').allowed).toBe(false);
    expect(policy(['::7f00:1/128']).check('::127.0.0.1').allowed).toBe(true);
  });

  it('exempts a metadata address only when listed', () => {
    expect(policy(['169.254.0.0/16']).check('169.254.169.254').allowed).toBe(true);
    expect(policy(['169.254.169.254/32']).check('169.254.169.254').allowed).toBe(true);
    expect(policy(['168.63.129.16']).check('168.63.129.16').allowed).toBe(true);
  });

  it('refuses a localhost name unless loopback is exempt', () => {
    expect(policy().refusesName('localhost')).toBe(true);
    expect(policy().refusesName('api.localhost')).toBe(true);
    expect(policy().refusesName('LOCALHOST.')).toBe(true);
    expect(policy().refusesName('localhost.example.com')).toBe(false);
    expect(policy().refusesName('notlocalhost')).toBe(false);
    expect(policy(['127.0.0.0/8']).refusesName('localhost')).toBe(false);
    expect(policy(['::1/128']).refusesName('localhost')).toBe(false);
    expect(policy([], false).refusesName('localhost')).toBe(false);
  });

  it('keys pools by what decides, not by how it was written', () => {
    expect(policy(['10.0.0.0/8', '127.0.0.0/8']).key).toBe(policy(['127.0.0.1/8', '10.9.9.9/8']).key);
    expect(policy(['10.0.0.0/8']).key).not.toBe(policy(['10.0.0.0/16']).key);
    expect(policy().key).not.toBe(policy([], false).key);
    expect(policy(['10.0.0.0/8'], false).key).toBe(policy([], false).key);
  });
});

describe('parseNetworks', () => {
  it('parses CIDR blocks and bare addresses into canonical text', () => {
    expect(
      parseNetworks(['10.1.2.3/8', '192.168.0.1', '::1', '2001:db8::/32', ' fd00:1:2::1/16 ']).map((net) => net.text),
    ).toEqual(['10.0.0.0/8', '192.168.0.1/32', '::1/128', '2001:db8::/32', 'fd00::/16']);
  });

  it.each([
    '',
    'nope',
    '10.0.0.0/33',
    '::/129',
    '1.2.3.4/-1',
    '1.2.3.4/8/8',
    '1.2.3.4/',
    '[::1]/128',
    // Notations ipaddr.js would accept but read differently from what they seem to say.
    '10/8',
    '10.0.0/8',
    '010.0.0.0/8',
    '0x0a.0.0.0/8',
    '167772161',
  ])('rejects %j, naming it', (entry) => {
    expect(() => parseNetworks([entry])).toThrow(/network|not an IP address or CIDR/);
  });
});

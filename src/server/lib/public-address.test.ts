import { describe, expect, test } from 'vitest';
import { isPublicAddress, isPublicHost } from './public-address.ts';

describe('public addresses (where the server may post for a member)', () => {
  test.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  test.each(['8.8.8.8', '142.250.72.14', '2607:f8b0:4005:80b::200a'])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  test('a name counts by the addresses it resolves to; one that does not resolve is refused', async () => {
    expect(await isPublicHost('localhost')).toBe(false);
    expect(await isPublicHost('[::1]')).toBe(false);
    expect(await isPublicHost('no-such-host.invalid')).toBe(false);
    expect(await isPublicHost('8.8.8.8')).toBe(true);
  });
});

import { describe, expect, test } from 'vitest';
import { hashBands, hashDistance, MAX_DISTANCE, probeBands } from './photo-hash.ts';

describe('photo hash distance and bands', () => {
  test.each([
    ['0000000000000000', '0000000000000000', 0],
    ['ffffffffffffffff', '0000000000000000', 64],
    ['8000000000000000', '0000000000000001', 2],
    ['ffffffff00000000', '00000000ffffffff', 64],
    ['0123456789abcdef', '0123456789abcdee', 1],
    ['00000000f0000000', '0000000000000000', 4],
  ])('%s and %s differ in %i bits', (a, b, bits) => {
    expect(hashDistance(a, b)).toBe(bits);
    expect(hashDistance(b, a)).toBe(bits);
  });

  test('every hash within MAX_DISTANCE bits shares a probed band key', () => {
    const hash = '3c3c0ff0a5a51234';
    // The worst case for the bands: the differing bits spread so that no band is left whole.
    const near = (BigInt(`0x${hash}`) ^ 0x0003_0003_0001_0001n).toString(16).padStart(16, '0');
    expect(hashDistance(hash, near)).toBe(MAX_DISTANCE);
    const probes = new Set(probeBands(hash));
    expect(hashBands(near).some((band) => probes.has(band))).toBe(true);
  });
});

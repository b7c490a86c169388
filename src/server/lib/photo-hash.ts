import sharp from 'sharp';

// A photo's perceptual hash (PRODUCT.md "Scam defence": a listing's copied photo): the 64-bit
// difference hash of its greyscale shrunk to 9×8, one bit per pair of neighbours (is the left one
// brighter?). Resizing, re-encoding, a light crop or a colour change move a few of its bits, a
// different photo about half, so copies are the hashes within MAX_DISTANCE bits. (A DCT hash was
// tried too: a 4% crop moved 14 of its bits, 5 of these.)

/** At most this many differing bits is the same picture. */
export const MAX_DISTANCE = 6;
const BANDS = 4;
const BAND_BITS = 16;
const BAND_SPAN = 2 ** BAND_BITS;

/** The hash as 16 hex digits. */
export async function photoHash(image: Uint8Array): Promise<string> {
  const data = await sharp(image, { animated: false })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (data[y * 9 + x]! > data[y * 9 + x + 1]! ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many bits two hashes differ in. A match reads about a thousand candidates at a million
 * photos, so this works on two 32-bit halves with plain numbers: BigInts cost a millisecond and
 * their garbage a lookup. */
export function hashDistance(a: string, b: string): number {
  return (
    bitCount(Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) +
    bitCount(Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16))
  );
}

/** The set bits of a 32-bit integer (the SWAR population count). */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The hash's bands as the index keeps them: position × 65536 + the band's 16 bits. */
export function hashBands(hash: string): number[] {
  return Array.from({ length: BANDS }, (_, i) => i * BAND_SPAN + Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/** The band keys a match is looked up by: each band as it is and with any one bit flipped. Two
 * hashes within 7 bits have a band that differs in at most one (four bands, two bits each would
 * be 8), so every hash within MAX_DISTANCE is among the rows these keys find. */
export function probeBands(hash: string): number[] {
  return hashBands(hash).flatMap((key) => {
    const [position, value] = [Math.floor(key / BAND_SPAN), key % BAND_SPAN];
    return [key, ...Array.from({ length: BAND_BITS }, (_, bit) => position * BAND_SPAN + (value ^ (1 << bit)))];
  });
}

import sharp from 'sharp';

// Photo-like pictures for the copied-photo tests (the repository carries no image files): a
// scene of soft light and shade, overlapping shapes and sensor noise, drawn from a seed, so two
// seeds give two different photos and the same seed the same one.

const W = 800;
const H = 600;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A JPEG of 800×600. */
export async function photo(seed: number): Promise<Buffer> {
  const rnd = random(seed);
  const waves = Array.from({ length: 6 }, () => ({ fx: rnd() * 0.012, fy: rnd() * 0.012, phase: rnd() * 6.3, channel: rnd() }));
  const blobs = Array.from({ length: 14 }, () => ({
    x: rnd() * W,
    y: rnd() * H,
    r: 60 + rnd() * 260,
    tone: [rnd() * 255, rnd() * 255, rnd() * 255],
  }));
  const pixels = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const light = waves.reduce((sum, w) => sum + Math.sin(x * w.fx + y * w.fy + w.phase), 0) * 14;
      const tone = [120 + light, 110 + light * 0.8, 100 + light * 0.6];
      for (const b of blobs) {
        if ((x - b.x) ** 2 + (y - b.y) ** 2 < b.r ** 2) for (let c = 0; c < 3; c++) tone[c] = (tone[c]! + b.tone[c]!) / 2;
      }
      for (let c = 0; c < 3; c++) pixels[(y * W + x) * 3 + c] = Math.max(0, Math.min(255, tone[c]! + (rnd() - 0.5) * 24));
    }
  }
  return sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The same photo as another site would serve it: smaller, re-encoded as WebP at low quality. */
export function resized(data: Buffer): Promise<Buffer> {
  return sharp(data).resize(480).webp({ quality: 45 }).toBuffer();
}

/** The same photo with its edges cut off (3% each side) and its colours shifted. */
export async function croppedAndRecoloured(data: Buffer): Promise<Buffer> {
  const inset = { left: 24, top: 18, width: W - 48, height: H - 36 };
  return sharp(data).extract(inset).modulate({ brightness: 1.08, saturation: 0.8, hue: 15 }).jpeg({ quality: 70 }).toBuffer();
}

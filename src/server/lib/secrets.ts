import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** PRODUCT.md: without JWT_SECRET a key is generated once and kept in DATA_DIR. */
export function loadOrCreateJwtSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(48).toString('base64url');
    // 'wx' fails if another process wrote it first; then read theirs.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

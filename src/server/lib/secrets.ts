import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';

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

/** A VAPID key pair (RFC 8292), base64url: the 65-byte P-256 point and the 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** PRODUCT.md: without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY a pair is generated once and kept in
 * DATA_DIR, as the JWT key is. */
export function loadOrCreateVapidKeys(dataDir: string, configured: Partial<VapidKeys>): VapidKeys {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const file = path.join(dataDir, 'vapid-keys.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  try {
    return read();
  } catch {
    const keys = webPush.generateVAPIDKeys();
    // 'wx' fails if another process wrote it first; then read theirs.
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return read();
    }
  }
}

import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadEnv } from './env.ts';

describe('the run contract (PRODUCT.md)', () => {
  test('defaults: port 3000 on 127.0.0.1, ./data, SQLite, no SMTP, noreply sender', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('./data'),
      MAIL_FROM: 'noreply@localhost',
      SEED_DEMO: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
  });

  test('every variable is read', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'portal@example.com',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_LOGINID: 'boss@example.com',
      ADMIN_PASSWORD: 'very-secret-pw',
      SEED_DEMO: '1',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'portal@example.com',
      ADMIN_LOGINID: 'boss@example.com',
      SEED_DEMO: true,
    });
  });

  test('the customer centre contact is optional: unset or empty means not shown', () => {
    const unset = loadEnv({ CONTACT_PHONE: '' });
    expect([unset.CONTACT_PHONE, unset.CONTACT_EMAIL, unset.CONTACT_HOURS]).toEqual([undefined, undefined, undefined]);
    expect(
      loadEnv({ CONTACT_PHONE: ' (213) 555-0100 ', CONTACT_EMAIL: 'help@example.com', CONTACT_HOURS: '평일 오전 9시 - 오후 6시' }),
    ).toMatchObject({ CONTACT_PHONE: '(213) 555-0100', CONTACT_EMAIL: 'help@example.com', CONTACT_HOURS: '평일 오전 9시 - 오후 6시' });
    expect(() => loadEnv({ CONTACT_PHONE: 'call us' })).toThrow(/CONTACT_PHONE/);
    expect(() => loadEnv({ CONTACT_EMAIL: 'help' })).toThrow(/CONTACT_EMAIL/);
  });

  test('PostgreSQL without JWT_SECRET is refused: app servers must share the key', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u:p@db/portal' })).toThrow(/JWT_SECRET is required/);
  });

  test('nonsense is refused at boot with the variable named', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  test('scheduled backups: BACKUP_EVERY in s, m, h or d (unset: none), BACKUP_KEEP 14 by default', () => {
    expect(loadEnv({}).BACKUP_EVERY).toBeUndefined();
    expect(loadEnv({}).BACKUP_KEEP).toBe(14);
    expect(loadEnv({ BACKUP_EVERY: '6h', BACKUP_KEEP: '3' })).toMatchObject({ BACKUP_EVERY: 6 * 3600_000, BACKUP_KEEP: 3 });
    expect(loadEnv({ BACKUP_EVERY: '30m' }).BACKUP_EVERY).toBe(1_800_000);
    expect(loadEnv({ BACKUP_EVERY: '' }).BACKUP_EVERY).toBeUndefined();
    for (const bad of ['6', 'h', '0h', '1.5h', '6 hours', '25d']) expect(() => loadEnv({ BACKUP_EVERY: bad }), bad).toThrow(/BACKUP_EVERY/);
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  test('web push: a VAPID pair goes together and must be one pair; PUSH_ALLOW_LOCAL is off by default', () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = { VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'), VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') };
    expect(loadEnv(pair)).toMatchObject(pair);
    expect(loadEnv({}).PUSH_ALLOW_LOCAL).toBe(false);
    expect(loadEnv({ PUSH_ALLOW_LOCAL: '1' }).PUSH_ALLOW_LOCAL).toBe(true);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/go together/);
    expect(() => loadEnv({ ...pair, VAPID_PRIVATE_KEY: crypto.randomBytes(32).toString('base64url') })).toThrow(/not the public key/);
    expect(() => loadEnv({ ...pair, VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});

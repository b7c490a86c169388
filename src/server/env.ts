import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { phone, text } from '#shared/schemas/fields.ts';
import { REPORT_HIDE_AT_DEFAULT } from '#shared/reports.ts';
import { isAddressOrRange } from '#server/lib/ip-allow.ts';

// PRODUCT.md's run contract, parsed once at boot. Nothing else reads process.env.

const flag = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

/** A variable that may be left out: unset and empty both mean "not configured". */
function optional<T extends z.ZodType>(schema: T) {
  return z
    .literal('')
    .transform(() => undefined)
    .or(schema.optional());
}

/** Addresses and CIDR ranges, comma-separated. */
function addressList(name: string) {
  return z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isAddressOrRange, { error: `${name} takes IP addresses and CIDR ranges` })));
}

/** base64url of exactly `bytes` bytes (a VAPID key). */
function base64urlKey(name: string, bytes: number) {
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${name} is base64url` })
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, { error: `${name} is base64url of ${bytes} bytes` });
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 };

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^(postgres|postgresql):\/\//, { error: 'DATABASE_URL must start with postgres://' })),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, { error: 'SMTP_URL must start with smtp:// or smtps://' })),
  MAIL_FROM: z.string().min(3).default('noreply@localhost'),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET needs at least 32 characters' }).optional(),
  ADMIN_LOGINID: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SEED_DEMO: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  SITE_NAME: z.string().min(1).default('한인포털'),
  SITE_TIMEZONE: z.string().min(1).default('America/Los_Angeles'),
  /** The site's public address (https://example.com), for links in mails; without it a mail
   * names the page's path. */
  SITE_URL: optional(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''))),
  /** The customer centre's contact (/customer), each shown only when set. Not in PRODUCT.md's
   * run contract: a site works without them, so they are optional. */
  CONTACT_PHONE: optional(phone),
  CONTACT_EMAIL: optional(z.email()),
  CONTACT_HOURS: optional(text(100)),
  /** Set when a reverse proxy in front of us sets X-Forwarded-For; otherwise the socket address counts. */
  TRUST_PROXY: flag.default(false),
  /** PRODUCT.md: the lowest hourly pay a 구인 may offer (modules/jobs/jobs-pay.ts); unset: no check. */
  MIN_WAGE_HOURLY: optional(z.coerce.number().positive().max(10_000)),
  /** Per-member limits on posts, comments, likes and uploads (write-limits.ts); off only where
   * one account writes in bulk on purpose (a data import, the API tests). */
  WRITE_LIMITS: flag.default(true),
  /** Reports (modules/report): this many members' reports hide an item until an admin looks. */
  REPORT_HIDE_AT: z.coerce.number().int().min(1).max(1000).default(REPORT_HIDE_AT_DEFAULT),
  /** The review queue (modules/queue): how many of an account's first listings (market, housing,
   * jobs, counted as created) wait for an admin; 0 lets them all through. */
  APPROVE_FIRST: z.coerce.number().int().min(0).max(1000).default(0),
  /** How much a member may have uploaded in all, in megabytes. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Scheduled backups (modules/backup): how often, as a number and s, m, h or d (`6h`); unset
   * means none. BACKUP_KEEP: how many backups the schedule keeps in DATA_DIR/backups. */
  BACKUP_EVERY: optional(
    z
      .string()
      .regex(/^[1-9]\d*[smhd]$/, { error: 'BACKUP_EVERY is a number and s, m, h or d, like 6h' })
      .transform((v) => Number(v.slice(0, -1)) * (UNIT_MS[v.slice(-1)] ?? 0))
      // A timer waits at most 2^31 ms (24 days).
      .refine((ms) => ms < 2 ** 31, { error: 'BACKUP_EVERY is at most 24d' }),
  ),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Load shedding (http/load-shedding.ts): requests under way at once, and how late (ms) the
   * event loop may run, before new requests are refused with 503; 0 turns either off. */
  LOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  LOAD_MAX_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** Live streams (GET /api/events) one server keeps open at once; past it new ones get 503. An
   * idle stream holds a connection and a few kilobytes. */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).default(10_000),
  /** SQLite in production: threads that draw new pages beside the server's (pages/render-thread.ts);
   * 0: none. Unset: one where the machine has more than one core. */
  RENDER_THREADS: optional(z.coerce.number().int().min(0).max(16)),
  /** Who may read GET /metrics: addresses and CIDR ranges, comma-separated. */
  METRICS_ALLOW: addressList('METRICS_ALLOW').default(['127.0.0.1', '::1']),
  /** Who may use the admin API and pages: addresses and CIDR ranges; unset or empty, anyone. */
  ADMIN_ALLOW_IPS: addressList('ADMIN_ALLOW_IPS')
    .optional()
    .transform((list) => (list?.length ? list : undefined)),
  /** Where the browser sends its API calls (SPEC §7's configured API base): a path on this
   * origin or an http(s) URL, for when a proxy serves the API somewhere else. */
  API_BASE: z
    .string()
    .regex(/^(\/(?!\/)|https?:\/\/)[^\s"'<>]*$/, { error: 'API_BASE is a path like /api or an http(s) URL' })
    .default('/api'),
  /** Web push's VAPID key pair (RFC 8292): the public key is base64url of the 65-byte P-256
   * point, the private one of the 32-byte scalar. Unset: a pair is generated once into DATA_DIR;
   * several servers must share one pair (a subscription is bound to the key it was made with). */
  VAPID_PUBLIC_KEY: optional(base64urlKey('VAPID_PUBLIC_KEY', 65)),
  VAPID_PRIVATE_KEY: optional(base64urlKey('VAPID_PRIVATE_KEY', 32)),
  /** Push endpoints on this machine or its network, over http too: for tests' push service only. */
  PUSH_ALLOW_LOCAL: flag.default(false),
  /** The running code's commit, for the operator's page where the folder is no git checkout. */
  APP_COMMIT: optional(z.string().regex(/^[\w.-]{1,64}$/)),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && !isVapidPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  // PRODUCT.md: several app servers on one PostgreSQL must share the signing key.
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    throw new Error('Invalid environment: JWT_SECRET is required with DATABASE_URL (PostgreSQL)');
  }
  return env;
}

/** Whether `publicKey` is the P-256 point of the scalar `privateKey` (both base64url). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  const ecdh = crypto.createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    return false;
  }
  return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
}

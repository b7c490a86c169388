import crypto from 'node:crypto';
import os from 'node:os';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '#shared/errors.ts';
import { ErrorKey, Messages } from '#shared/messages.ts';

// argon2id with OWASP's memory-hard parameters (46 MiB, 2 passes, 1 lane): about 100-150 ms on
// one core. node:crypto runs it on the libuv thread pool, off the event loop, so reads stay fast
// while logins are hashed.

const PARAMS = { memory: 47104, passes: 2, parallelism: 1, tagLength: 32 } as const;

// Hashes run one fewer at a time than there are cores (at least one), so a burst of logins never
// takes the core the event loop needs: reads stay fast while logins queue.
const HASH_SLOTS = Math.max(1, os.availableParallelism() - 1);
/** At most this many hashes wait; the next is refused at once with 503 and Retry-After (security
 * review: 40 concurrent wrong logins made every login wait 2-4 s). About 2 s of work per slot; a
 * slot frees every ~0.1 s, so a second later there is room again. */
export const MAX_HASH_WAITING = 16 * HASH_SLOTS;
let running = 0;
const waiting: (() => void)[] = [];

async function acquireSlot(): Promise<void> {
  if (running < HASH_SLOTS) {
    running++;
    return;
  }
  if (waiting.length >= MAX_HASH_WAITING) {
    throw new AppError(503, ErrorKey.unavailable, { retryAfter: 1, detail: Messages.overloaded });
  }
  // A finishing hash hands its slot straight to the next in line.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

async function argon2(
  message: string,
  nonce: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  await acquireSlot();
  try {
    return await new Promise((resolve, reject) => {
      crypto.argon2('argon2id', { message, nonce, ...p }, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    releaseSlot();
  }
}

/** PHC string: $argon2id$v=19$m=..,t=..,p=..$salt$hash */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await argon2(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5] as string, 'base64url');
  const actual = await argon2(password, Buffer.from(m[4] as string, 'base64url'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash that verifies nothing, so that an unknown login id costs the same time as a wrong
 * password and timing does not tell which ids exist. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  // A refused hash (the queue was full) is not kept: the next login makes the decoy again.
  decoy ??= hashPassword(crypto.randomBytes(24).toString('base64url')).catch((err: unknown) => {
    decoy = undefined;
    throw err;
  });
  return decoy;
}

const COMMON = new Set(dictionary['passwords-common']);

/** PRODUCT.md: common passwords are refused. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

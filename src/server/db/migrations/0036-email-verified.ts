import type { Kysely } from 'kysely';

// The profile's 본인 인증 이메일 badge (PRODUCT.md "Members and trust"): when a member last proved
// that their login e-mail is theirs by a mailed code (sign-up, a password reset), ISO UTC. Accounts
// made before, and those an admin adds, have '' : nothing stored says they ever did (spent codes
// are deleted after a while).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('emailverified', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

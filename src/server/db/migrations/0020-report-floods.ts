import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-kit.ts';

// Report floods (security round three). `users.mailbox`: the address an account's mail reaches,
// without `+tag` (and Gmail's dots), so that one inbox counts as one person at sign-up and among
// an item's reporters. `report_kept`: an item an admin restored after reports held it; reports
// never hold it again by themselves (new ones wait on the admin's list).

/** As lib/mailbox.ts folds an address on the day this migration was written. */
function mailbox(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  let name = address.slice(0, at).toLowerCase().split('+')[0] ?? '';
  if (domain === 'gmail.com' || domain === 'googlemail.com') name = name.replaceAll('.', '');
  return `${name}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

const BATCH = 1000;

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('mailbox', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (let after = 0; ; ) {
    const rows: { id: number; loginid: string }[] = await db
      .selectFrom('users')
      .select(['id', 'loginid'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!rows.length) break;
    for (const r of rows)
      await db
        .updateTable('users')
        .set({ mailbox: mailbox(r.loginid) })
        .where('id', '=', r.id)
        .execute();
    after = rows.at(-1)?.id ?? after;
  }
  await db.schema.createIndex('users_mailbox').on('users').column('mailbox').execute();

  await db.schema
    .createTable('report_kept')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('actor', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_kept_pk', ['target', 'item'])
    .execute();
}

import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('loginid', 'text', (c) => c.notNull().unique())
    .addColumn('passwd', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nicknamekey', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('use', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logindate', 'text', (c) => c.notNull())
    .addColumn('lastchangepasswddate', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_level_id').on('users').columns(['level', 'id']).execute();
  await db.schema.createIndex('users_date').on('users').column('date').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('codehash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('senddate', 'text', (c) => c.notNull())
    .addColumn('expiredate', 'text', (c) => c.notNull())
    .addColumn('confirmdate', 'text', (c) => c.notNull())
    .addColumn('usedate', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verifications_email_purpose').on('verifications').columns(['email', 'purpose', 'senddate']).execute();
}

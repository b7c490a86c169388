import type { CreateTableBuilder, Kysely } from 'kysely';
import { addSearchSection, idColumn, type MigrationContext } from '../migration-kit.ts';

// Housing (부동산, PRODUCT.md "Housing"): a section of its own, section code 9. Listings expire
// and are bumped as the market's do (modules/freshness: bumpdate, expiredate, closed,
// expirynotice). Money is stored as double precision (2 decimals at the edge), bathrooms too
// (0.5 steps); yes/no fields are 1 yes / 2 no, `gender` 1 무관; `movein` '' is 즉시.

const HOUSING = 9;

type Col = [name: string, type: 'text' | 'integer' | 'double precision', fallback: string | number];

function addAll<T extends string>(t: CreateTableBuilder<T>, cols: Col[]): CreateTableBuilder<T> {
  return cols.reduce((acc, [name, type, fallback]) => acc.addColumn(name, type, (c) => c.notNull().defaultTo(fallback)), t);
}

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await addAll(
    db.schema.createTable('housing').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [
      ['title', 'text', ''],
      ['content', 'text', ''],
      ['image', 'text', ''],
      ['images', 'text', '[]'],
      ['kind', 'integer', 1],
      ['rent', 'double precision', 0],
      ['deposit', 'double precision', 0],
      ['price', 'double precision', 0],
      ['movein', 'text', ''],
      ['lease', 'integer', 0],
      ['bedrooms', 'integer', 0],
      ['bathrooms', 'double precision', 0],
      ['furnished', 'integer', 2],
      ['utilities', 'integer', 2],
      ['pets', 'integer', 2],
      ['parking', 'integer', 2],
      ['gender', 'integer', 1],
      ['location', 'text', ''],
      ['address', 'text', ''],
      ['status', 'integer', 1],
      ['tel', 'text', ''],
      ['email', 'text', ''],
      ['count', 'integer', 0],
      ['like', 'integer', 0],
      ['name', 'text', ''],
      ['user', 'integer', 0],
      ['hidden', 'integer', 0],
      ['date', 'text', ''],
      ['bumpdate', 'text', ''],
      ['expiredate', 'text', ''],
      ['closed', 'integer', 0],
      ['expirynotice', 'text', ''],
    ],
  ).execute();
  // The default list (거래중 first, then the last bump) of open listings and of all; the rent
  // sorts; a member's listings; the sweep's look for what closes next.
  const fresh = ['status', 'bumpdate desc', 'id desc'];
  await db.schema
    .createIndex('housing_fresh')
    .on('housing')
    .columns(['hidden', 'closed', ...fresh])
    .execute();
  await db.schema
    .createIndex('housing_fresh_all')
    .on('housing')
    .columns(['hidden', ...fresh])
    .execute();
  await db.schema.createIndex('housing_rent').on('housing').columns(['hidden', 'closed', 'rent', 'id']).execute();
  await db.schema.createIndex('housing_user').on('housing').columns(['user', 'id']).execute();
  await db.schema.createIndex('housing_expiry').on('housing').columns(['closed', 'expiredate']).execute();
  await addSearchSection(db, ctx, HOUSING);
}

import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// SPEC §3's content entities plus the tables behind comments, likes, views and uploads.
// Categories, locations and employment types are text labels from configuration, not codes.

function withCounts<T extends string>(t: CreateTableBuilder<T>): CreateTableBuilder<T> {
  return t.addColumn('count', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('like', 'integer', (c) => c.notNull().defaultTo(0));
}

function authored<T extends string>(t: CreateTableBuilder<T>): CreateTableBuilder<T> {
  return t
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'text', (c) => c.notNull());
}

type Col = [name: string, type: 'text' | 'integer', fallback: string | number];
const text = (name: string): Col => [name, 'text', ''];
const int = (name: string, fallback = 0): Col => [name, 'integer', fallback];

function addAll<T extends string>(t: CreateTableBuilder<T>, cols: Col[]): CreateTableBuilder<T> {
  return cols.reduce((acc, [name, type, fallback]) => acc.addColumn(name, type, (c) => c.notNull().defaultTo(fallback)), t);
}

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  let board = addAll(
    db.schema.createTable('board').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [
      text('title'),
      text('content'),
      text('etitle'),
      text('econtent'),
      text('image'),
      text('images'),
      int('comment'),
      text('location'),
      int('free', 1),
      int('marketstatus', 1),
      int('parent'),
      int('language', 1),
      int('korean'),
      int('english'),
      int('status', 1),
      int('topcategory', 1),
      text('category'),
      text('subcategory'),
    ],
  );
  board = board.addColumn('price', 'double precision', (c) => c.notNull().defaultTo(0));
  await authored(withCounts(board)).execute();
  await db.schema.createIndex('board_section').on('board').columns(['topcategory', 'hidden', 'id']).execute();
  await db.schema
    .createIndex('board_section_category')
    .on('board')
    .columns(['topcategory', 'hidden', 'category', 'location', 'id'])
    .execute();
  await db.schema.createIndex('board_section_location').on('board').columns(['topcategory', 'hidden', 'location', 'id']).execute();
  await db.schema.createIndex('board_user').on('board').columns(['user', 'id']).execute();

  const jobs = addAll(
    db.schema.createTable('jobs').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [
      text('title'),
      text('content'),
      int('type', 1),
      text('companyname'),
      text('tel'),
      text('url'),
      text('manager'),
      text('email'),
      text('category'),
      text('location'),
      text('employmenttype'),
      text('limitdate'),
      int('status', 1),
    ],
  );
  await authored(withCounts(jobs)).execute();
  await db.schema.createIndex('jobs_type').on('jobs').columns(['hidden', 'type', 'id']).execute();
  await db.schema.createIndex('jobs_user').on('jobs').columns(['user', 'id']).execute();

  const business = addAll(
    db.schema.createTable('business').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [
      text('category'),
      text('subcategory'),
      text('title'),
      text('tel'),
      text('address'),
      text('url'),
      text('location'),
      text('starttime'),
      text('endtime'),
      text('weekendstarttime'),
      text('weekendendtime'),
      text('breakstarttime'),
      text('breakendtime'),
      text('image'),
      text('content'),
      int('type', 1),
      int('main', 1),
    ],
  );
  await authored(withCounts(business)).execute();
  await db.schema.createIndex('business_rank').on('business').columns(['hidden', 'type', 'id']).execute();
  await db.schema.createIndex('business_category').on('business').columns(['category', 'id']).execute();
  await db.schema.createIndex('business_user').on('business').columns(['user', 'id']).execute();

  const inquiry = addAll(
    db.schema.createTable('inquiry').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [text('title'), text('content'), text('answer'), int('status', 1), text('updatedate')],
  );
  await authored(inquiry).execute();
  await db.schema.createIndex('inquiry_user').on('inquiry').columns(['user', 'id']).execute();
  await db.schema.createIndex('inquiry_status').on('inquiry').columns(['status', 'id']).execute();

  const schedule = addAll(
    db.schema.createTable('mainschedule').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect)),
    [
      text('title'),
      text('content'),
      text('startdate'),
      text('enddate'),
      text('starttime'),
      text('endtime'),
      text('location'),
      text('url'),
      text('category'),
      int('weekday'),
      int('status', 1),
      int('sortorder'),
    ],
  );
  await authored(schedule).execute();
  await db.schema.createIndex('mainschedule_upcoming').on('mainschedule').columns(['status', 'enddate']).execute();

  await db.schema
    .createTable('comment')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('board', 'integer', (c) => c.notNull())
    .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_board').on('comment').columns(['board', 'id']).execute();

  await db.schema
    .createTable('likes')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addUniqueConstraint('likes_once', ['target', 'item', 'user'])
    .execute();
  await db.schema.createIndex('likes_user').on('likes').columns(['user', 'id']).execute();

  await db.schema
    .createTable('views')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('views_pk', ['target', 'item', 'visitor'])
    .execute();
  await db.schema.createIndex('views_date').on('views').column('date').execute();

  await db.schema
    .createTable('upload')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('thumb', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
}

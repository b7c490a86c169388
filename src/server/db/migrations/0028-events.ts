import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-kit.ts';

// Community events (PRODUCT.md "Organizations and events").
// - `event`: dates (YYYY-MM-DD) and times (HH:MM) are the site's wall clock, as the form has
//   them; `weekday` 1-7 repeats it weekly until `enddate`; `images` a JSON array of upload paths;
//   `attendees` the RSVPs, kept with them, so capacity holds under concurrent requests; `hidden`
//   as other content (2: waiting for an admin, the author sees it).
// - `event_rsvp`: who comes; `reminded` the occurrence (a date) they were last reminded of.
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const text = ['title', 'content', 'startdate', 'starttime', 'enddate', 'endtime', 'place', 'address', 'category', 'url', 'name'];
  let event = db.schema.createTable('event').addColumn('id', 'integer', (c) => idColumn(c, ctx.dialect));
  for (const name of text) event = event.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  await event
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('allday', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('weekday', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('organization', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attendees', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  // The upcoming list and the month view: shown events by the day they end.
  await db.schema.createIndex('event_upcoming').on('event').columns(['hidden', 'enddate', 'startdate']).execute();
  await db.schema.createIndex('event_organization').on('event').columns(['organization', 'id']).execute();
  await db.schema.createIndex('event_user').on('event').columns(['user', 'id']).execute();

  await db.schema
    .createTable('event_rsvp')
    .addColumn('event', 'integer', (c) => c.notNull())
    .addColumn('user', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reminded', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('event_rsvp_pk', ['event', 'user'])
    .execute();
  await db.schema.createIndex('event_rsvp_user').on('event_rsvp').columns(['user']).execute();
}

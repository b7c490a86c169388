import type { Executor } from '#server/db/database.ts';

// The SQL of organizations' editors: the members an admin named to keep an organization's page.

export function listEditorRows(db: Executor, organization: number) {
  return db
    .selectFrom('organization_editor')
    .innerJoin('users', 'users.id', 'organization_editor.user')
    .select(['organization_editor.user as user', 'users.nickname as nickname', 'organization_editor.date as date'])
    .where('organization_editor.organization', '=', organization)
    .orderBy('organization_editor.date')
    .orderBy('organization_editor.user')
    .execute();
}

export async function listEditorIds(db: Executor, organization: number): Promise<number[]> {
  const rows = await db.selectFrom('organization_editor').select('user').where('organization', '=', organization).orderBy('user').execute();
  return rows.map((r) => r.user);
}

export async function isEditorRow(db: Executor, organization: number, user: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_editor')
    .select('user')
    .where('organization', '=', organization)
    .where('user', '=', user)
    .executeTakeFirst();
  return row !== undefined;
}

/** The organization's editors become `users`: those no longer named go, new ones come with `date`. */
export async function replaceEditorRows(db: Executor, organization: number, users: readonly number[], date: string): Promise<void> {
  let gone = db.deleteFrom('organization_editor').where('organization', '=', organization);
  if (users.length) gone = gone.where('user', 'not in', users);
  await gone.execute();
  if (!users.length) return;
  await db
    .insertInto('organization_editor')
    .values(users.map((user) => ({ organization, user, date })))
    .onConflict((oc) => oc.columns(['organization', 'user']).doNothing())
    .execute();
}

/** The organizations whose pages go with a removed post. */
export async function deleteEditorRowsOf(db: Executor, organizations: readonly number[]): Promise<void> {
  if (organizations.length) await db.deleteFrom('organization_editor').where('organization', 'in', organizations).execute();
}

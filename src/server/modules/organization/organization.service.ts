import { UserUse } from '#shared/enums.ts';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { OrganizationEditorsInput } from '#shared/schemas/organization.ts';
import type { Caller, Deps } from '#server/context.ts';
import { itemKey } from '#server/cache/shows.ts';
import { writesShowOnly } from '#server/db/write-tracker.ts';
import { nowIso } from '#server/lib/clock.ts';
import { requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { findOrganization } from '#server/modules/board/board.service.ts';
import { findAccount } from '#server/modules/user/user.service.ts';
import { listEditorRows, replaceEditorRows } from './organization.repository.ts';

// GET and PUT /api/admin/organization/{id}/editors (PRODUCT.md "Organizations and events"):
// admins name the members who keep an organization's page.

async function requireOrganization(deps: Deps, id: number): Promise<void> {
  if (!(await findOrganization(deps, id))) throw new AppError(404, ErrorKey.notFound);
}

/** The organization's editors, in the order they were named. */
export async function getOrganizationEditors(deps: Deps, caller: Caller, id: number) {
  requireAdmin(caller.actor);
  await requireOrganization(deps, id);
  const items = await listEditorRows(deps.db, id);
  return { items, total: items.length };
}

/** Names the organization's editors (all of them; audited). Each must be an account in use. */
export async function setOrganizationEditors(deps: Deps, caller: Caller, id: number, input: OrganizationEditorsInput) {
  const admin = requireAdmin(caller.actor);
  await requireOrganization(deps, id);
  for (const user of input.users) {
    const account = await findAccount(deps, user);
    if (!account || account.use !== UserUse.use) {
      throw new AppError(400, ErrorKey.invalid, { field: 'users', detail: `${user}번 회원을 찾을 수 없습니다` });
    }
  }
  // The organization's page marks its 단체 정보 수정 for its editors: it is drawn again.
  await writesShowOnly([itemKey('board', id)], () =>
    deps.db.transaction().execute(async (trx) => {
      const before = (await listEditorRows(trx, id)).map((e) => e.user);
      await replaceEditorRows(trx, id, input.users, nowIso());
      const change = { before: { users: before }, after: { users: input.users } };
      await recordAudit(trx, { actor: admin.id, target: 'organization', item: id, action: 'editors', ...change });
    }),
  );
  return getOrganizationEditors(deps, caller, id);
}

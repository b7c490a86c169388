import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { ScamPhrase, ScamWarning } from '#shared/scam-warnings.ts';
import type { ScamPhraseInput } from '#shared/schemas/queue.ts';
import type { Caller, Deps } from '#server/context.ts';
import { cachedByTable } from '#server/db/table-reads.ts';
import { nowIso } from '#server/lib/clock.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { requireAdmin } from '#server/modules/auth/actor.policy.ts';
import { deletePhrase, insertPhrase, listPhraseRows } from './scam-phrase.repository.ts';

// The scam cautions' phrases that admins add (PRODUCT.md "Scam defence": the rules are data an
// admin extends). Every check reads them through the write tracker, so an added or removed
// phrase counts from the next write on every app server (other servers hear of the write,
// db/shared-writes.ts), without a restart. Each change is audited.

const TABLE = 'scam_phrase';

/** The admins' phrases, as the checks read them. */
export function scamPhrases(deps: Deps): Promise<ScamPhrase[]> {
  return cachedByTable(deps.tracker, TABLE, 'all', async () =>
    (await listPhraseRows(deps.db)).map((r) => ({ key: r.key as ScamWarning, phrase: r.phrase })),
  );
}

export interface ListedPhrase extends ScamPhrase {
  id: number;
  date: string;
}

/** GET /api/admin/scam-phrases. */
export async function listScamPhrases(deps: Deps, caller: Caller): Promise<{ items: ListedPhrase[] }> {
  requireAdmin(caller.actor);
  const rows = await listPhraseRows(deps.db);
  return { items: rows.map((r) => ({ id: r.id, key: r.key as ScamWarning, phrase: r.phrase, date: r.date })) };
}

/** POST /api/admin/scam-phrases: 400 `already` when the caution has it. */
export async function addScamPhrase(deps: Deps, caller: Caller, input: ScamPhraseInput): Promise<{ id: number }> {
  const actor = requireAdmin(caller.actor);
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertPhrase(trx, { ...input, user: actor.id, date: nowIso() });
    if (id === undefined) throw new AppError(400, ErrorKey.already, { field: 'phrase', detail: '이미 있는 문구입니다' });
    await recordAudit(trx, { actor: actor.id, target: TABLE, item: id, action: 'scam-phrase-add', after: input });
    return { id };
  });
}

/** DELETE /api/admin/scam-phrases/{id}. */
export async function removeScamPhrase(deps: Deps, caller: Caller, id: number): Promise<{ id: number }> {
  const actor = requireAdmin(caller.actor);
  return deps.db.transaction().execute(async (trx) => {
    const removed = await deletePhrase(trx, id);
    if (!removed) throw new AppError(404, ErrorKey.notFound);
    await recordAudit(trx, {
      actor: actor.id,
      target: TABLE,
      item: id,
      action: 'scam-phrase-remove',
      before: { key: removed.key, phrase: removed.phrase },
    });
    return { id };
  });
}

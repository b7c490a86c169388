import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import { InquiryStatus } from '#shared/enums.ts';
import { INQUIRY_ADMIN_FIELDS, INQUIRY_SERVER_FIELDS, InquirySaveSchema } from '#shared/schemas/content.ts';
import { isAdmin, requireActor } from '#server/modules/auth/actor.policy.ts';
import type { Actor } from '#server/context.ts';
import { nowIso } from '#server/lib/clock.ts';
import { htmlToText } from '#shared/text.ts';
import type { ContentResource } from '#server/modules/content/content.types.ts';
import { deliver, notify } from '#server/modules/notification/notification.service.ts';

/** Once answered, the question stays as it was answered: its author may no longer edit or delete
 * it (my page shows it read-only); admins still may. */
function requireUnanswered(actor: Actor, inquiry: Record<string, unknown>): void {
  if (inquiry.status === InquiryStatus.answered && !isAdmin(actor)) {
    throw new AppError(403, ErrorKey.forbidden, { detail: '답변이 등록된 문의는 수정하거나 삭제할 수 없습니다' });
  }
}

/** 1:1 inquiries (PRODUCT.md): members ask; only the author and admins read one; an admin's
 * answer sets status 2 (답변완료) and updatedate and notifies the author (and mails them, unless
 * they turned that off). */
export const inquiryResource: ContentResource<'inquiry'> = {
  table: 'inquiry',
  schema: InquirySaveSchema,
  serverFields: INQUIRY_SERVER_FIELDS,
  adminFields: INQUIRY_ADMIN_FIELDS,
  richText: ['content', 'answer'],
  requiredRichText: ['content'],
  list: {
    table: 'inquiry',
    filters: ['status', 'user'],
    keyword: ['title', 'content'],
    sorts: ['id', 'date', 'updatedate', 'status'],
    defaultSort: '-id',
    sums: [],
    dateRange: 'date',
  },
  narrowList(q, _params, caller) {
    const actor = requireActor(caller.actor);
    return isAdmin(actor) ? q : q.where('user', '=', actor.id);
  },
  countedAs(_params, caller) {
    const actor = requireActor(caller.actor);
    return isAdmin(actor) ? {} : { eq: { user: actor.id } };
  },
  privateItems: true,
  canRead: (actor, row) => actor !== undefined && (row.user === actor.id || isAdmin(actor)),
  initdata: () => ({ id: 0, title: '', content: '', answer: '', status: 1, name: '', updatedate: '', user: 0, date: '' }),
  requireWrite(actor, input, before) {
    if (before) requireUnanswered(actor, before);
    // Checked after the admin-field rule, so a member who sends a status hears 403 first.
    if (input.status === InquiryStatus.answered && htmlToText(String(input.answer ?? '')) === '') {
      throw new AppError(400, ErrorKey.invalid, { field: 'status', detail: '답변을 입력해야 답변완료로 바꿀 수 있습니다' });
    }
  },
  requireDelete: requireUnanswered,
  derive(input, before) {
    const answered = input.answer !== '' && input.answer !== (before?.answer ?? '');
    return answered ? { status: InquiryStatus.answered, updatedate: nowIso() } : {};
  },
  async afterSave(deps, before, after, actor) {
    if (after.answer === '' || after.answer === (before?.answer ?? '')) return;
    // Right after the commit: the answer is saved whatever happens here. The first answer tells
    // the author once (an edited answer is the same event); the mail, by default on for this
    // kind, goes through the queue.
    const event = {
      actor: actor.id,
      target: 'inquiry',
      item: after.id,
      title: String(after.title),
      link: `/mypage/inquiry#inquiry-${after.id}`,
    };
    deliver(deps, await notify(deps.db, event, [{ user: after.user, kind: 'answer' }]));
  },
};

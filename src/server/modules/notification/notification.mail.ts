import { noticeSentence } from '#shared/notifications.ts';
import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where on the site each kind of notice is read: an answer under 내 문의, the rest under 알림. */
const READ_AT: Record<string, string> = { answer: '마이페이지 > 내 문의' };

/** A notification by e-mail: what happened and on which item, where it is read on the site and
 * a whole link to the item (`link`, absolute when the site's address is known). */
export function noticeMail(siteName: string, to: string, notice: { kind: string; actor: string; title: string; link: string }): Mail {
  const sentence = noticeSentence(notice.kind, notice.actor);
  const where = `${READ_AT[notice.kind] ?? '마이페이지 > 알림'}에서 확인하세요.`;
  const whole = /^https?:\/\//.test(notice.link);
  const text = [
    `안녕하세요, ${siteName}입니다.`,
    '',
    `${sentence}: "${notice.title}"`,
    where,
    ...(whole ? [`바로 가기: ${notice.link}`] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
<p>${escapeHtml(sentence)}: "<strong>${escapeHtml(notice.title)}</strong>"</p>
<p>${escapeHtml(where)}</p>${whole ? `\n<p><a href="${escapeHtml(notice.link)}">바로 가기</a></p>` : ''}</body></html>`;
  return { to, subject: `[${siteName}] ${sentence}`, text, html };
}

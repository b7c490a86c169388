import { noticeSentence } from '#shared/notifications.ts';
import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A notification by e-mail: what happened and on which item; it is read on the site. */
export function noticeMail(siteName: string, to: string, notice: { kind: string; actor: string; title: string }): Mail {
  const sentence = noticeSentence(notice.kind, notice.actor);
  const text = [`안녕하세요, ${siteName}입니다.`, '', `${sentence}: "${notice.title}"`, '마이페이지 > 알림에서 확인하세요.'].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
<p>${escapeHtml(sentence)}: "<strong>${escapeHtml(notice.title)}</strong>"</p>
<p>마이페이지 &gt; 알림에서 확인하세요.</p></body></html>`;
  return { to, subject: `[${siteName}] ${sentence}`, text, html };
}

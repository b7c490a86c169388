import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A conversation's messages left unread for 10 minutes: who wrote and where to read them. The
 * text itself stays on the site (a mailbox is not as private as the conversation). */
export function unreadMessageMail(siteName: string, to: string, from: string, count: number, link: string): Mail {
  const line = `${from}님이 보낸 쪽지 ${count}개를 아직 읽지 않았습니다.`;
  const text = [
    `안녕하세요, ${siteName}입니다.`,
    '',
    line,
    `읽기: ${link}`,
    '',
    '쪽지 메일은 마이페이지 > 알림 설정에서 끌 수 있습니다.',
  ].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}">쪽지 읽기</a></p>
<p>쪽지 메일은 마이페이지 &gt; 알림 설정에서 끌 수 있습니다.</p></body></html>`;
  return { to, subject: `[${siteName}] ${from}님의 새 쪽지`, text, html };
}

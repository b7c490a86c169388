import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Tells a member that their inquiry has an answer; the answer itself is read on the site. */
export function answerMail(siteName: string, to: string, title: string): Mail {
  const text = [
    `안녕하세요, ${siteName}입니다.`,
    '',
    `문의하신 "${title}"에 답변이 등록되었습니다.`,
    '마이페이지 > 1:1 문의에서 확인하세요.',
  ].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
<p>문의하신 "<strong>${escapeHtml(title)}</strong>"에 답변이 등록되었습니다.</p>
<p>마이페이지 &gt; 1:1 문의에서 확인하세요.</p></body></html>`;
  return { to, subject: `[${siteName}] 1:1 문의에 답변이 등록되었습니다`, text, html };
}

import type { Mail } from '#server/lib/mailer.ts';

// The Korean e-mails that carry a code, in plain text and HTML. They call it 인증코드, as the
// dialog's field it is typed into does.

const TITLE: Record<string, string> = {
  signup: '회원가입 인증코드',
  reset: '비밀번호 찾기 인증코드',
};

export function codeMail(siteName: string, to: string, purpose: string, code: string): Mail {
  const title = TITLE[purpose] ?? '인증코드';
  const text = [
    `안녕하세요, ${siteName}입니다.`,
    '',
    `${title}는 ${code} 입니다.`,
    '인증코드는 10분 동안 유효합니다.',
    '',
    '본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
  ].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
<p>${title}는 <strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong> 입니다.</p>
<p>인증코드는 10분 동안 유효합니다.</p>
<p style="color:#666">본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.</p>
</body></html>`;
  return { to, subject: `[${siteName}] ${title}`, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

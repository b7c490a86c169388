import type { Mail } from '#server/lib/mailer.ts';

// The notice mailed when an account's password changes: a member who did not change it learns of
// it and can take the account back with 비밀번호 찾기. It names no password and no code.

export function passwordChangedMail(siteName: string, timeZone: string, to: string, when: Date): Mail {
  const at = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(when);
  const lines = [
    `안녕하세요, ${siteName}입니다.`,
    `회원님 계정의 비밀번호가 ${at}에 변경되었습니다.`,
    '본인이 변경하셨다면 이 메일은 확인만 하시면 됩니다.',
    "본인이 변경하지 않으셨다면 바로 로그인 화면의 '비밀번호 찾기'로 비밀번호를 다시 정하고 고객센터에 알려 주세요.",
  ];
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: `[${siteName}] 비밀번호가 변경되었습니다`, text: lines.join('\n\n'), html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(siteName: string, lines: string[]): string {
  return `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>마이페이지 &gt; 알림에서 확인하세요. 키워드는 마이페이지 &gt; 키워드 알림에서 바꿀 수 있습니다.</p></body></html>`;
}

/** One new item for a keyword, mailed at once. */
export function keywordMail(siteName: string, to: string, keyword: string, title: string): Mail {
  const line = `키워드 "${keyword}"에 맞는 새 글: ${title}`;
  const text = [`안녕하세요, ${siteName}입니다.`, '', line, '마이페이지 > 알림에서 확인하세요.'].join('\n');
  return { to, subject: `[${siteName}] 키워드 "${keyword}" 새 글: ${title}`, text, html: page(siteName, [line]) };
}

/** The day's new items for a member's daily keywords, in one mail. */
export function digestMail(siteName: string, to: string, titles: string[]): Mail {
  const lines = titles.map((t) => `· ${t}`);
  const head = `키워드 알림에 맞는 새 글 ${titles.length}건이 올라왔습니다.`;
  const text = [`안녕하세요, ${siteName}입니다.`, '', head, ...lines, '', '마이페이지 > 알림에서 확인하세요.'].join('\n');
  return { to, subject: `[${siteName}] 오늘의 키워드 알림 ${titles.length}건`, text, html: page(siteName, [head, ...lines]) };
}

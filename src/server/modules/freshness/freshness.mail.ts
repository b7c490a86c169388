import type { Mail } from '#server/lib/mailer.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Three days before a listing closes: when, and where its author renews it (끌어올리기). `link` is
 * the listing's address, absolute when SITE_URL is set. */
export function closingMail(siteName: string, to: string, listing: { title: string; closes: string; link: string }): Mail {
  const lines = [
    `"${listing.title}" 글이 ${listing.closes}에 마감됩니다.`,
    '마감되면 목록에서 내려갑니다. 글 화면이나 마이페이지에서 끌어올리기를 누르면 다시 게시되고 목록 맨 위로 올라갑니다.',
  ];
  const text = [`안녕하세요, ${siteName}입니다.`, '', ...lines, '', `끌어올리기: ${listing.link}`].join('\n');
  const html = `<!doctype html><html lang="ko"><body style="font-family:sans-serif;line-height:1.6">
<p>안녕하세요, ${escapeHtml(siteName)}입니다.</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(listing.link)}">글을 열어 끌어올리기</a></p></body></html>`;
  return { to, subject: `[${siteName}] 내 글이 곧 마감됩니다: ${listing.title}`, text, html };
}

// A plain page at / until the React front end (web issue) takes over this path.
export function landingPage(siteName: string): string {
  const name = siteName.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name}</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.7">
<h1>${name}</h1><p>서버가 실행 중입니다. 화면은 준비 중입니다.</p>
<p>상태 확인: <a href="/api/health">/api/health</a></p></body></html>`;
}

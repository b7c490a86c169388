import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A notice mailed (issue #32) says where on the site it is read, with a whole link: SITE_URL when
// it is set, otherwise the address the site was reached at by the request that caused it (its
// Host header, never a forwarded host a client may write).

let bare: TestApp;
let configured: TestApp;
beforeAll(async () => {
  [bare, configured] = await Promise.all([startTestApp(), startTestApp({ SITE_URL: 'https://portal.example/' })]);
});
afterAll(async () => {
  await Promise.all([bare.close(), configured.close()]);
});

const REACHED = { host: 'hanin.example:8080', 'x-forwarded-host': 'elsewhere.example' };

async function answeredInquiry(t: TestApp) {
  const asker = await t.member();
  const asked = await t.call('POST', '/api/inquiry', { token: asker.token, body: { title: '배송 일정 문의', content: '<p>언제?</p>' } });
  expect(asked.status).toBe(200);
  const answered = await t.call('PUT', '/api/inquiry', {
    token: await t.root(),
    body: { id: asked.body.id, answer: '<p>내일입니다.</p>' },
    headers: REACHED,
  });
  expect(answered.status).toBe(200);
  const mail = await t.smtp.mailTo(asker.loginid, '답변');
  expect(mail, 'the answer is mailed').toBeDefined();
  return { id: asked.body.id as number, text: mail?.text ?? '', html: String(mail?.html ?? '') };
}

describe('links in notice mails', () => {
  test('an inquiry’s answer points to 내 문의, at the address the site was reached at', async () => {
    const { id, text, html } = await answeredInquiry(bare);
    const link = `http://hanin.example:8080/mypage/inquiry#inquiry-${id}`;
    expect(text).toContain('마이페이지 > 내 문의에서 확인하세요');
    expect(text).not.toContain('알림에서');
    expect(text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    expect(text + html).not.toContain('elsewhere.example');
  });

  test('with SITE_URL the link is the site’s own', async () => {
    const { id, text, html } = await answeredInquiry(configured);
    const link = `https://portal.example/mypage/inquiry#inquiry-${id}`;
    expect(text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    expect(text + html).not.toContain('hanin.example');
  });

  test('a comment’s notice points to 알림 and links to the comment itself', async () => {
    const author = await bare.member();
    const commenter = await bare.member();
    await bare.call('PUT', '/api/notification/settings', { token: author.token, body: { mail: ['comment'] } });
    const post = await bare.call('POST', '/api/board', {
      token: author.token,
      body: { topcategory: 5, title: '메일 링크 글', content: '<p>글</p>' },
    });
    const comment = await bare.call('POST', '/api/comment', {
      token: commenter.token,
      body: { board: post.body.id, content: '댓글입니다' },
      headers: REACHED,
    });
    expect(comment.status).toBe(200);
    const mail = await bare.smtp.mailTo(author.loginid, '댓글');
    expect(mail?.text).toContain('마이페이지 > 알림에서 확인하세요');
    expect(mail?.text).toContain(`http://hanin.example:8080/community/${post.body.id}#comment-${comment.body.id}`);
  });
});

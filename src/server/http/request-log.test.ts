import { describe, expect, test } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('URLs that carry secrets are logged without them', () => {
  test.each([
    ['/api/jwt', '?loginid=a@b.c&passwd=hunter2', '/api/jwt?[redacted]'],
    ['/api/user/findemail/someone@example.com', '', '/api/user/findemail/[redacted]'],
    ['/api/user/findpassword/someone@example.com', '', '/api/user/findpassword/[redacted]'],
    ['/api/user/checkpassword/12', '?number=123456', '/api/user/checkpassword/[redacted]?[redacted]'],
    ['/api/user/12', '?x=1', '/api/user/12?x=1'],
  ])('%s%s', (pathname, search, logged) => {
    expect(redactUrl(pathname, search)).toBe(logged);
  });
});

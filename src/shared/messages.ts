// SPEC §5 and §8 texts, exactly as written there, and the API's stable message keys.

export const Messages = {
  loginIdRequired: '로그인 아이디를 입력하세요',
  passwordRequired: '패스워드를 입력하세요',
  codeNotConfirmed: '인증번호 확인을 먼저 실행하세요',
  nameRequired: '이름을 입력하세요',
  nicknameRequired: '닉네임을 입력하세요',
  signupIdRequired: '아이디(email)을 입력하세요',
  signupPasswordRequired: '비밀번호를 입력하세요',
  passwordMismatch: '비밀번호가 일치하지 않습니다',
  emailRequired: '이메일을 입력하세요',
  codeNotSent: '인증코드 발송을 먼저 실행하세요',
  codeRequired: '인증코드를 입력하세요',
  newPasswordRequired: '새로운 비밀번호를 입력하세요',
  loginFailed: '로그인 정보가 정확하지 않습니다',
  processingError: '처리중 오류가 발생했습니다',
  wrongCode: '인증코드가 정확하지 않습니다',
  codeConfirmed: '인증번호가 확인되었습니다',
  codeSent: '이메일로 인증번호가 전송되었습니다',
  signupDone: '가입되었습니다',
  alreadyId: '이미 등록된 아이디입니다',
  alreadyNickname: '이미 등록된 닉네임입니다',
  passwordChanged: '비밀번호가 변경되었습니다',
  samePassword: '기존 비밀번호와 동일한 비밀번호입니다',
  downloadFailed: '파일 다운로드 실패',
  mailQueued: '메일을 아직 보내지 못했습니다. 잠시 후 다시 보내 드립니다.',
  // Not SPEC texts: the site's own required-field messages, one place for every form and schema.
  titleRequired: '제목을 입력하세요',
  /** Issue #32: a market listing without a price is refused, not shown as $0. */
  marketPriceRequired: '가격을 입력하세요. 무료로 드린다면 무료나눔을 고르세요',
  contentRequired: '내용을 입력하세요',
  commentRequired: '댓글을 입력하세요',
  currentPasswordRequired: '현재 비밀번호를 입력하세요',
  passwordWrong: '비밀번호가 정확하지 않습니다',
  // Not a SPEC text: SPEC §8 has only 인증코드가 정확하지 않습니다, which a dead code (10 minutes
  // passed, or 5 wrong tries) must not say: the right code would be called wrong. It names the
  // code and its button as the dialog's labels do (인증코드, 인증코드 재발송).
  codeExpired: '인증코드가 만료되었거나 입력 횟수를 넘었습니다. 인증코드 재발송을 눌러 새 코드를 받으세요',
  // Not SPEC texts: the Korean detail of a refusal the server makes on its own (too large, a
  // fault, overload), which the client shows as it is.
  tooLarge: '요청 내용이 너무 큽니다. 크기를 줄여 다시 시도하세요',
  unavailable: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도하세요',
  storageFull: '저장 공간이 부족해 요청을 처리할 수 없습니다. 잠시 후 다시 시도하세요',
  overloaded: '요청이 많아 지금은 처리할 수 없습니다. 잠시 후 다시 시도하세요',
  adminAddressRefused: '이 접속 주소에서는 관리자 기능을 사용할 수 없습니다',
} as const;

/** Stable keys in `{code: 'error', message}` answers (PRODUCT.md, API contract). */
export const ErrorKey = {
  already: 'already',
  alreadyNickname: 'already nickname',
  samePassword: 'same password',
  invalid: 'invalid',
  invalidJson: 'invalid json',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not found',
  underReview: 'under review',
  tooLarge: 'too large',
  tooMany: 'too many requests',
  wrongCode: 'wrong code',
  codeExpired: 'code expired',
  codeNotConfirmed: 'code not confirmed',
  loginFailed: 'login failed',
  weakPassword: 'weak password',
  lastRoot: 'last root admin',
  server: 'server error',
  unavailable: 'unavailable',
  storageFull: 'storage full',
  tooSoon: 'too soon',
  blocked: 'blocked',
  /** An event at its capacity (RSVP). */
  full: 'full',
  suspended: 'suspended',
} as const;
export type ErrorKey = (typeof ErrorKey)[keyof typeof ErrorKey];

/** A failure's detail when the server wrote it for people (in Korean, e.g. a field's rule), or
 * undefined when it is an English note for developers. */
export function koreanDetail(answer: { detail?: string }): string | undefined {
  return answer.detail && /[가-힣]/.test(answer.detail) ? answer.detail : undefined;
}

/** A wait as a person says it, rounded up: 40초, 2분, 1시간. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}분`;
  return `${Math.ceil(seconds / 3600)}시간`;
}

/** A refusal that says when to come back (429 or 503 with Retry-After), for when the server gave
 * no Korean reason of its own. */
export function retryLaterMessage(status: number, seconds: number): string {
  const what = status === 429 ? '요청이 너무 많습니다' : '일시적으로 서비스를 이용할 수 없습니다';
  return `${what}. ${waitText(Math.max(1, Math.ceil(seconds)))} 후에 다시 시도하세요`;
}

/** A wrong password's note from the third wrong try of a login id on (the server counts them,
 * PRODUCT.md): how many are left before its logins wait, and for how long at most. */
export function loginTriesLeftText(left: number, seconds: number): string {
  return `${left}번 더 틀리면 ${waitText(seconds)} 동안 로그인할 수 없습니다`;
}

/** A login id that has used up its tries: when to come back. */
export function loginLockedText(seconds: number): string {
  return `로그인 시도가 너무 많습니다. ${waitText(Math.max(1, Math.ceil(seconds)))} 후에 다시 시도하세요`;
}

/** Where an API failure happened: SPEC §8 gives each situation its own catch-all text. */
export type FailureSituation = 'login' | 'sendCode' | 'checkCode' | 'signup' | 'resetPassword';

/** The Korean text for a failed answer `{code: 'error', message, detail?}` (SPEC §8). Beyond the
 * catalogue: a refused input shows the server's own Korean reason (e.g. the password length),
 * a common password and a rate limit say so, instead of a bare 처리중 오류가 발생했습니다. */
export function failureMessage(situation: FailureSituation, answer: { message?: string; detail?: string }): string {
  const key = answer.message;
  // SPEC §7: any answer to a login other than 'ok' is the login failure; after a few wrong tries
  // the server adds how many are left, and a spent limit says how long to wait instead.
  if (situation === 'login') {
    const note = koreanDetail(answer);
    if (key === ErrorKey.tooMany && note) return note;
    return key === ErrorKey.loginFailed && note ? `${Messages.loginFailed}. ${note}` : Messages.loginFailed;
  }
  if (key === ErrorKey.wrongCode) return Messages.wrongCode;
  if (key === ErrorKey.codeExpired) return Messages.codeExpired;
  if (key === ErrorKey.codeNotConfirmed) return Messages.codeNotConfirmed;
  if (situation === 'signup' && key === ErrorKey.already) return Messages.alreadyId;
  if (situation === 'signup' && key === ErrorKey.alreadyNickname) return Messages.alreadyNickname;
  if (situation === 'resetPassword' && key === ErrorKey.samePassword) return Messages.samePassword;
  if (key === ErrorKey.weakPassword) return koreanDetail(answer) ?? '너무 흔한 비밀번호입니다. 다른 비밀번호를 입력하세요';
  if (key === ErrorKey.tooMany) return koreanDetail(answer) ?? '요청이 너무 많습니다. 잠시 후 다시 시도하세요';
  if (key === ErrorKey.unavailable) return koreanDetail(answer) ?? Messages.unavailable;
  if (key === ErrorKey.invalid) return koreanDetail(answer) ?? Messages.processingError;
  return Messages.processingError;
}

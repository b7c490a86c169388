import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ErrorKey, failureMessage, Messages } from '#shared/messages.ts';
import { Field } from '../../components/ui/field.tsx';
import type { ApiFailure } from '../../lib/api-client.ts';
import { askConfirm, openLogin, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api, logout, logoutEverywhere, updateSession } from '../../lib/session.ts';

// 내 정보: the profile, the password and leaving the site, each its own form and its own call
// (PUT /api/user takes only what changes), so a refused password never loses profile edits.

export interface MyInfo {
  id: number;
  loginid: string;
  name: string;
  nickname: string;
  tel: string;
  hp: string;
}

const SUBMIT = 'min-h-12 rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700';
const BOX = 'min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-5';

/** A refusal as a person reads it; an ended session asks to log in again. */
function refusal(answer: ApiFailure): string {
  if (answer.status === 401) openLogin();
  if (answer.message === ErrorKey.alreadyNickname) return Messages.alreadyNickname;
  if (answer.field === 'currentpasswd') return '현재 비밀번호가 정확하지 않습니다';
  return failureMessage('resetPassword', answer);
}

/** The form's one line of feedback, read out when it changes. */
function Problem({ text }: { text: string }) {
  return text ? (
    <p role="alert" className="font-semibold text-red-700">
      {text}
    </p>
  ) : null;
}

const value = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

export function ProfileForm({ me }: { me: MyInfo }) {
  const { revalidate } = useRevalidator();
  const [problem, setProblem] = useState('');
  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const changes = { name: value(data, 'name'), nickname: value(data, 'nickname'), tel: value(data, 'tel'), hp: value(data, 'hp') };
    if (!changes.name) return setProblem(Messages.nameRequired);
    if (!changes.nickname) return setProblem(Messages.nicknameRequired);
    const answer = await withLoading(api.put('/user', { id: me.id, ...changes }));
    if (answer.code !== 'ok') return setProblem(refusal(answer));
    setProblem('');
    updateSession({ user: { name: changes.name, nickname: changes.nickname } });
    showMessage('내 정보가 저장되었습니다');
    await revalidate();
  }
  return (
    <form
      noValidate
      aria-labelledby="profile-heading"
      className={BOX}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <h2 id="profile-heading" className="text-lg font-bold">
        기본 정보
      </h2>
      <p className="text-slate-600">
        아이디(이메일) <span className="block break-all font-semibold text-slate-800">{me.loginid}</span>
      </p>
      <Field id="me-name" label="이름" name="name" autoComplete="name" defaultValue={me.name} />
      <Field id="me-nickname" label="닉네임" name="nickname" autoComplete="nickname" defaultValue={me.nickname} />
      <Field id="me-tel" label="전화번호" name="tel" autoComplete="tel" defaultValue={me.tel} />
      <Field id="me-hp" label="휴대폰" name="hp" autoComplete="tel" defaultValue={me.hp} />
      <Problem text={problem} />
      <button type="submit" className={SUBMIT}>
        저장
      </button>
    </form>
  );
}

export function PasswordForm({ id }: { id: number }) {
  const [problem, setProblem] = useState('');
  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const current = String(data.get('currentpasswd') ?? '');
    const passwd = String(data.get('passwd') ?? '');
    if (!current) return setProblem('현재 비밀번호를 입력하세요');
    if (!passwd) return setProblem(Messages.newPasswordRequired);
    if (passwd !== data.get('confirm')) return setProblem(Messages.passwordMismatch);
    const answer = await withLoading(api.put<{ token?: string }>('/user', { id, passwd, currentpasswd: current }));
    if (answer.code !== 'ok') return setProblem(refusal(answer));
    setProblem('');
    // Other sessions ended with the change; this one goes on with the token that came back.
    if (answer.token) updateSession({ token: answer.token });
    form.reset();
    showMessage(Messages.passwordChanged);
  }
  return (
    <form
      noValidate
      aria-labelledby="password-heading"
      className={BOX}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <h2 id="password-heading" className="text-lg font-bold">
        비밀번호 변경
      </h2>
      <Field id="pw-current" label="현재 비밀번호" name="currentpasswd" type="password" autoComplete="current-password" />
      <Field id="pw-new" label="새 비밀번호" name="passwd" type="password" autoComplete="new-password" hint="8자 이상" />
      <Field id="pw-confirm" label="새 비밀번호 확인" name="confirm" type="password" autoComplete="new-password" />
      <Problem text={problem} />
      <button type="submit" className={SUBMIT}>
        비밀번호 변경
      </button>
    </form>
  );
}

/** Ends every session of this member: a phone left logged in somewhere, a shared computer. With
 * JavaScript it asks first and goes through the API; without it the form posts to /login. */
export function LogoutEverywhere() {
  const navigate = useNavigate();
  const ask = (event: React.FormEvent) => {
    event.preventDefault();
    askConfirm({
      title: '모든 기기에서 로그아웃',
      content: '이 기기를 포함해 로그인된 모든 기기에서 로그아웃합니다. 계속할까요?',
      onSuccess: async () => {
        const answer = await withLoading(logoutEverywhere());
        if (answer.code !== 'ok') return showMessage(refusal(answer), 'error');
        showMessage('모든 기기에서 로그아웃되었습니다');
        await navigate('/', { replace: true });
      },
    });
  };
  return (
    <section aria-labelledby="sessions-heading" className={BOX}>
      <h2 id="sessions-heading" className="text-lg font-bold">
        로그인 기기
      </h2>
      <p className="text-slate-600">다른 곳에 로그인한 채로 두었다면, 모든 기기에서 한 번에 로그아웃할 수 있습니다.</p>
      <form method="post" action="/login?logout=all" onSubmit={ask}>
        <button type="submit" className="min-h-12 rounded-lg border border-slate-400 px-6 font-semibold text-slate-800 hover:bg-slate-50">
          모든 기기에서 로그아웃
        </button>
      </form>
    </section>
  );
}

export function LeaveSite({ id }: { id: number }) {
  const navigate = useNavigate();
  const leave = () =>
    askConfirm({
      title: '회원 탈퇴',
      content: '탈퇴하면 계정이 삭제되고 되돌릴 수 없습니다. 탈퇴할까요?',
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/user', { id }));
        if (answer.code !== 'ok') return showMessage(refusal(answer), 'error');
        await logout();
        showMessage('탈퇴되었습니다');
        await navigate('/', { replace: true });
      },
    });
  return (
    <section aria-labelledby="leave-heading" className={BOX}>
      <h2 id="leave-heading" className="text-lg font-bold">
        회원 탈퇴
      </h2>
      <p className="text-slate-600">탈퇴하면 로그인할 수 없고, 계정 정보가 삭제됩니다.</p>
      <button
        type="button"
        onClick={leave}
        className="min-h-12 rounded-lg border border-red-600 px-6 font-semibold text-red-700 hover:bg-red-50"
      >
        회원 탈퇴
      </button>
    </section>
  );
}

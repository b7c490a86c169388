import { useRef } from 'react';
import { failureMessage, Messages } from '#shared/messages.ts';
import { Field } from '../../components/ui/field.tsx';
import { showMessage } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { EmailCodeFields } from './email-code-fields.tsx';
import { fieldValue, PASSWORD_HINT, useEmailCode, useFormProblems } from './form-steps.ts';

/** 회원가입: send a code to the e-mail, confirm it, then the account (SPEC §4, §5, §8). The
 * server logs the new member in with the account (the login's session cookie), so the dialog
 * closes on a member's page: nobody types the password they just chose a second time. */
export function SignupForm({ onSignedUp, onLogin }: { onSignedUp: () => void; onLogin: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  const { problems, fail, onEdit } = useFormProblems(form);
  const code = useEmailCode('/user/findemail', { fail });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const f = form.current;
    const [name, nickname, loginid] = ['name', 'nickname', 'loginid'].map((n) => fieldValue(f, n).trim()) as [string, string, string];
    const [passwd, passwd2] = [fieldValue(f, 'passwd'), fieldValue(f, 'passwd2')];
    // SPEC §5, in its order. Check 1 only warns; the later checks still run.
    if (!code.confirmed) showMessage(Messages.codeNotConfirmed, 'error');
    if (!name) return fail('name', Messages.nameRequired);
    if (!nickname) return fail('nickname', Messages.nicknameRequired);
    if (!loginid) return fail('loginid', Messages.signupIdRequired);
    if (!passwd) return fail('passwd', Messages.signupPasswordRequired);
    // Check 6 has no text of its own in SPEC §5: the password's, as the reset form does.
    if (!passwd2) return fail('passwd2', Messages.signupPasswordRequired);
    if (passwd !== passwd2) return fail('passwd2', Messages.passwordMismatch);
    const answer = await code.run(() => api.post('/user', { loginid, passwd, name, nickname }));
    if (!answer) return;
    if (answer.code !== 'ok') {
      const field = answer.message === 'already nickname' ? 'nickname' : answer.message === 'already' ? 'loginid' : answer.field;
      return fail(field, failureMessage('signup', answer));
    }
    showMessage(Messages.signupDone);
    onSignedUp();
  }

  return (
    <form ref={form} method="post" onSubmit={submit} onInput={onEdit} noValidate className="space-y-4">
      <EmailCodeFields idPrefix="signup" code={code} form={form} problems={problems} />
      <Field id="signup-name" name="name" label="이름" autoComplete="name" problem={problems.name} />
      <Field id="signup-nickname" name="nickname" label="닉네임" autoComplete="nickname" problem={problems.nickname} />
      <Field
        id="signup-passwd"
        name="passwd"
        type="password"
        label="비밀번호"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        problem={problems.passwd}
      />
      <Field
        id="signup-passwd2"
        name="passwd2"
        type="password"
        label="비밀번호 확인"
        autoComplete="new-password"
        problem={problems.passwd2}
      />
      <button type="submit" className="min-h-12 w-full rounded-lg bg-brand-600 text-lg font-bold text-white hover:bg-brand-700">
        가입하기
      </button>
      <p className="text-center text-slate-700">
        이미 회원이신가요?{' '}
        <button type="button" onClick={onLogin} className="font-semibold text-brand-700 underline underline-offset-4">
          로그인
        </button>
      </p>
    </form>
  );
}

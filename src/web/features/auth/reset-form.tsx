import { useRef } from 'react';
import { failureMessage, Messages } from '#shared/messages.ts';
import { Field } from '../../components/ui/field.tsx';
import { showMessage } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { EmailCodeFields } from './email-code-fields.tsx';
import { fieldValue, PASSWORD_HINT, useEmailCode, useFormProblems } from './form-steps.ts';

/** 비밀번호 찾기: the same three steps as sign-up; the last sets a new password (SPEC §4, §5),
 * and its fields say so (새 비밀번호), as SPEC §5's 새로운 비밀번호를 입력하세요 does. */
export function ResetForm({ onChanged }: { onChanged: (loginid: string) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const { problems, fail, onEdit } = useFormProblems(form);
  const code = useEmailCode('/user/findpassword', { fail });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const f = form.current;
    const [passwd, passwd2] = [fieldValue(f, 'passwd'), fieldValue(f, 'passwd2')];
    // SPEC §5: a confirmed code, then the new password twice, matching.
    if (!code.confirmed) return fail('number', Messages.codeNotConfirmed);
    if (!passwd) return fail('passwd', Messages.newPasswordRequired);
    if (!passwd2) return fail('passwd2', Messages.newPasswordRequired);
    if (passwd !== passwd2) return fail('passwd2', Messages.passwordMismatch);
    const answer = await code.run(() => api.post('/user/password', { id: code.codeId, number: fieldValue(f, 'number').trim(), passwd }));
    if (!answer) return;
    if (answer.code !== 'ok') return fail(answer.field ?? 'passwd', failureMessage('resetPassword', answer));
    showMessage(Messages.passwordChanged);
    onChanged(fieldValue(f, 'loginid').trim());
  }

  return (
    <form ref={form} method="post" onSubmit={submit} onInput={onEdit} noValidate className="space-y-4">
      <p className="text-slate-700">가입한 이메일로 인증코드를 받아 새 비밀번호를 정합니다.</p>
      <EmailCodeFields idPrefix="reset" code={code} form={form} problems={problems} />
      <Field
        id="reset-passwd"
        name="passwd"
        type="password"
        label="새 비밀번호"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        problem={problems.passwd}
      />
      <Field
        id="reset-passwd2"
        name="passwd2"
        type="password"
        label="새 비밀번호 확인"
        autoComplete="new-password"
        problem={problems.passwd2}
      />
      <button type="submit" className="min-h-12 w-full rounded-lg bg-brand-600 text-lg font-bold text-white hover:bg-brand-700">
        비밀번호 변경
      </button>
    </form>
  );
}

import { Field, FieldButton } from '../../components/ui/field.tsx';
import type { EmailCode, FormProblems } from './form-steps.ts';

/** SPEC §4's first two steps, the same in sign-up and reset: the address with 인증코드 발송,
 * then the code with 인증코드 확인. The controls say 인증코드 as SPEC §5 and §8 do for the
 * field and its sending (인증코드를 입력하세요, 인증코드가 정확하지 않습니다, 인증코드 발송을 먼저
 * 실행하세요), so a message under the field names what its label says. Typing another address
 * starts over. Once a code went out the button offers 재발송, and says how long until it may
 * (PRODUCT.md: once a minute): a code that expired or was tried too often needs a new one. */
export function EmailCodeFields({
  idPrefix,
  code,
  form,
  problems,
}: {
  idPrefix: 'signup' | 'reset';
  code: EmailCode;
  form: React.RefObject<HTMLFormElement | null>;
  problems: FormProblems['problems'];
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-loginid`}
        name="loginid"
        type="email"
        label="아이디(이메일)"
        autoComplete="email"
        inputMode="email"
        onChange={code.restart}
        problem={problems.loginid}
        // An address is long: on a phone the button goes under it, and the box keeps the width.
        wide
        action={
          <FieldButton onClick={() => code.send(form.current)} disabled={code.wait > 0}>
            {!code.sent ? '인증코드 발송' : code.wait > 0 ? `${code.wait}초 후 재발송` : '인증코드 재발송'}
          </FieldButton>
        }
      />
      <Field
        id={`${idPrefix}-number`}
        name="number"
        label="인증코드"
        autoComplete="one-time-code"
        inputMode="numeric"
        problem={problems.number}
        hint={code.confirmed ? '확인되었습니다.' : '이메일로 받은 6자리 숫자'}
        action={<FieldButton onClick={() => code.check(form.current)}>인증코드 확인</FieldButton>}
      />
    </>
  );
}

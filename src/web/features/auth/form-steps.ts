import { useEffect, useRef, useState } from 'react';
import { failureMessage, Messages } from '#shared/messages.ts';
import { CODE_RESEND_SECONDS } from '#shared/verification.ts';
import { useFieldProblems } from '../../lib/field-problems.tsx';
import { showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// The dialog exists only with JavaScript, which sends its forms; they say method="post" all the
// same, so that nothing typed (a password) could ever end up in an address. Without JavaScript the
// /login page logs in and says that sign-up and reset need JavaScript.
//
// What the three forms of the login dialog share: reading fields, reporting a problem the way
// SPEC §5 does (through the message box) and the e-mail code steps of sign-up and reset.

/** PRODUCT.md's password rule, as a hint (schemas/fields.ts checks it; importing that module
 * here would bring zod into the page's JavaScript). */
export const PASSWORD_HINT = '8자 이상';

export function fieldOf(form: HTMLFormElement | null, name: string): HTMLInputElement | null {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field : null;
}

export function fieldValue(form: HTMLFormElement | null, name: string): string {
  return fieldOf(form, name)?.value ?? '';
}

/** The dialog's forms report a problem the way SPEC §5 does, through the message box, and also
 * under the field at fault, which takes focus: a keyboard or screen-reader user lands where the
 * fix goes, and the message goes away as soon as that field is changed. */
export function useFormProblems(form: React.RefObject<HTMLFormElement | null>) {
  const problems = useFieldProblems();
  function fail(name: string | undefined, message: string): void {
    if (name) problems.show(form.current, { ...problems.problems, [name]: message }, name);
    else showMessage(message, 'error');
  }
  return { ...problems, fail };
}

export type FormProblems = ReturnType<typeof useFormProblems>;

/** Runs one call at a time behind the loading overlay; a second press while it runs is ignored. */
export function useSingleCall() {
  const busy = useRef(false);
  return async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await withLoading(call());
    } finally {
      busy.current = false;
    }
  };
}

/** SPEC §4: sign-up and reset both go code requested (an id comes back) → code confirmed (a
 * flag) → submit. A new address starts over, as the code belongs to the address it went to. A
 * mail the server could not hand over yet is queued there and sent later: the member is told so,
 * and the code id is good all the same. */
export function useEmailCode(sendPath: '/user/findemail' | '/user/findpassword', { fail }: Pick<FormProblems, 'fail'>) {
  const [codeId, setCodeId] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const resend = useResendWait();
  const run = useSingleCall();

  async function send(form: HTMLFormElement | null): Promise<void> {
    const email = fieldValue(form, 'loginid').trim();
    if (!email) return fail('loginid', Messages.emailRequired);
    const answer = await run(() => api.post<{ id: string; mail: 'sent' | 'queued' }>(sendPath, { email }));
    if (!answer) return;
    if (answer.code !== 'ok') {
      // Too soon after the last code (another tab, a reload): the server says how long to wait.
      if (answer.retryAfter !== undefined) resend.waitFor(answer.retryAfter);
      return fail('loginid', failureMessage('sendCode', answer));
    }
    resend.waitFor(CODE_RESEND_SECONDS);
    setCodeId(answer.id);
    setConfirmed(false);
    if (answer.mail === 'queued') showMessage(Messages.mailQueued, 'info');
    else showMessage(Messages.codeSent);
    fieldOf(form, 'number')?.focus();
  }

  async function check(form: HTMLFormElement | null): Promise<void> {
    if (!codeId) return fail('loginid', Messages.codeNotSent);
    const number = fieldValue(form, 'number').trim();
    if (!number) return fail('number', Messages.codeRequired);
    const answer = await run(() => api.post('/user/checkpassword', { id: codeId, number }));
    if (!answer) return;
    if (answer.code !== 'ok') return fail('number', failureMessage('checkCode', answer));
    setConfirmed(true);
    showMessage(Messages.codeConfirmed);
  }

  function restart(): void {
    setCodeId('');
    setConfirmed(false);
    resend.reset();
  }

  return { codeId, confirmed, sent: resend.started, wait: resend.seconds, send, check, restart, run };
}

/** PRODUCT.md: a new code at most once a minute. Whether a code went out, and the seconds left
 * before another may go, counted down once a second. */
function useResendWait() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (seconds === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return {
    started: until > 0,
    seconds,
    waitFor(wait: number): void {
      const at = Date.now();
      setNow(at);
      setUntil(at + wait * 1000);
    },
    reset(): void {
      setUntil(0);
    },
  };
}

export type EmailCode = ReturnType<typeof useEmailCode>;

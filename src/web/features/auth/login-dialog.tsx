import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { failureMessage, Messages } from '#shared/messages.ts';
import { Field } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { closeLogin, getScreen, type LoginTab, setLoginTab, useScreen } from '../../lib/screen-store.ts';
import { login } from '../../lib/session.ts';
import { fieldValue, useFormProblems, useSingleCall } from './form-steps.ts';
import { ResetForm } from './reset-form.tsx';
import { SignupForm } from './signup-form.tsx';

/** SPEC §2's tabs, by index: 0 login, 1 sign-up, 2 password reset. */
const TABS = ['로그인', '회원가입', '비밀번호 찾기'] as const;
/** SPEC §9: the login id takes focus 100 ms after the dialog opens. */
const LOGIN_FOCUS_DELAY_MS = 100;

/** SPEC §2's login dialog: a modal with three tabs; closes with its button or Escape. */
export function LoginDialog() {
  const open = useScreen((s) => s.loginDialog);
  const tab = useScreen((s) => s.loginTab);
  if (!open) return null;
  return (
    <Modal label={TABS[tab]} onClose={closeLogin} className="max-w-md">
      <LoginDialogBody tab={tab} />
    </Modal>
  );
}

function LoginDialogBody({ tab }: { tab: LoginTab }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const panel = useRef<HTMLDivElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  /** The id to fill in on the login tab after a password reset. */
  const [loginid, setLoginid] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => {
      // Not when the person has already put focus on a control of the dialog within that time (a
      // tab, or the field a quick 가입하기 pointed at): the login id would take it from them.
      const dialog = panel.current?.closest('[role="dialog"]');
      const active = document.activeElement;
      if (dialog && active !== dialog && dialog.contains(active)) return;
      panel.current?.querySelector('input')?.focus();
    }, LOGIN_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  /** A switch from a link inside a form: the new form's first field (or `field`) takes focus
   * once it is on screen. Switching with the tabs themselves leaves focus on the tab. */
  function switchTo(next: LoginTab, field = 'input') {
    setLoginTab(next);
    requestAnimationFrame(() => panel.current?.querySelector<HTMLInputElement>(field)?.focus());
  }

  function backToLogin(id: string) {
    setLoginid(id);
    switchTo(0, id ? '[name="passwd"]' : 'input');
  }

  /** SPEC §2: to the remembered route, or stay; either way the server-rendered data (the
   * header's user, member-only content) is loaded again with the new session. A sign-up ends
   * here too: its answer came with the new member's session. */
  async function loggedIn() {
    const { url } = getScreen();
    closeLogin();
    if (url) await navigate(url);
    else await revalidator.revalidate();
  }

  /** The WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select. */
  function onTabKey(event: React.KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: tab + 1, ArrowLeft: tab + 2, Home: 0, End: 2 };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (move % 3) as LoginTab;
    setLoginTab(next);
    tabs.current[next]?.focus();
  }

  return (
    <>
      <div className="flex items-center justify-between px-5 pt-4">
        <p className="text-lg font-bold text-brand-700">회원 서비스</p>
        <button
          type="button"
          onClick={closeLogin}
          aria-label="닫기"
          className="-mr-2 size-11 rounded-lg text-3xl leading-none text-slate-600 hover:bg-slate-100"
        >
          ×
        </button>
      </div>
      <div role="tablist" aria-label="회원 메뉴" className="mt-2 flex border-b border-slate-200 px-2">
        {TABS.map((label, i) => (
          <button
            key={label}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${i}`}
            aria-selected={tab === i}
            aria-controls={tab === i ? 'login-panel' : undefined}
            tabIndex={tab === i ? 0 : -1}
            onClick={() => setLoginTab(i as LoginTab)}
            onKeyDown={onTabKey}
            className={`flex-1 border-b-4 px-0.5 py-3 text-[0.95rem] font-bold whitespace-nowrap sm:text-lg ${
              tab === i ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div ref={panel} role="tabpanel" id="login-panel" aria-labelledby={`login-tab-${tab}`} className="px-5 py-5">
        {tab === 0 ? (
          <LoginForm loginid={loginid} onLoggedIn={loggedIn} onSignup={() => switchTo(1)} onReset={() => switchTo(2)} />
        ) : tab === 1 ? (
          <SignupForm onSignedUp={loggedIn} onLogin={() => switchTo(0)} />
        ) : (
          <ResetForm onChanged={backToLogin} />
        )}
      </div>
    </>
  );
}

function LoginForm({
  loginid,
  onLoggedIn,
  onSignup,
  onReset,
}: {
  loginid: string;
  onLoggedIn: () => void;
  onSignup: () => void;
  onReset: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const run = useSingleCall();
  const { problems, fail, onEdit } = useFormProblems(form);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const f = form.current;
    const id = fieldValue(f, 'loginid').trim();
    const passwd = fieldValue(f, 'passwd');
    // SPEC §5: the id first, then the password.
    if (!id) return fail('loginid', Messages.loginIdRequired);
    if (!passwd) return fail('passwd', Messages.passwordRequired);
    const answer = await run(() => login(id, passwd));
    if (!answer) return;
    if (answer.code !== 'ok') return fail('passwd', failureMessage('login', answer));
    onLoggedIn();
  }

  return (
    <form ref={form} method="post" action="/login" onSubmit={submit} onInput={onEdit} noValidate className="space-y-4">
      <Field
        id="dialog-loginid"
        name="loginid"
        type="email"
        label="아이디(이메일)"
        autoComplete="username"
        inputMode="email"
        defaultValue={loginid}
        problem={problems.loginid}
      />
      <Field id="dialog-passwd" name="passwd" type="password" label="비밀번호" autoComplete="current-password" problem={problems.passwd} />
      <button type="submit" className="min-h-12 w-full rounded-lg bg-brand-600 text-lg font-bold text-white hover:bg-brand-700">
        로그인
      </button>
      <div className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-slate-700">
        <p>
          아직 회원이 아니신가요?{' '}
          <button type="button" onClick={onSignup} className="font-semibold text-brand-700 underline underline-offset-4">
            회원가입
          </button>
        </p>
        <button type="button" onClick={onReset} className="font-semibold text-slate-700 underline underline-offset-4">
          비밀번호 찾기
        </button>
      </div>
    </form>
  );
}

import { useNavigate, useRevalidator } from 'react-router';
import { ErrorKey, failureMessage, Messages } from '#shared/messages.ts';
import { Field } from '../../components/ui/field.tsx';
import { type Problems, useFieldProblems } from '../../lib/field-problems.tsx';
import { reportFailure } from '../../lib/api-failure.ts';
import { askConfirm, openLogin, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api, logout, logoutEverywhere, updateSession } from '../../lib/session.ts';

// 내 정보: the profile, the password and leaving the site, each its own form and its own call
// (PUT /api/user takes only what changes), so a refused password never loses profile edits.
// Without JavaScript the two forms post to the page (`intent` says which), whose action makes the
// same checks and calls the same service (routes/mypage-myinfo.tsx).

export interface MyInfo {
  id: number;
  loginid: string;
  name: string;
  nickname: string;
  tel: string;
  hp: string;
}

export type ProfileTyped = Pick<MyInfo, 'name' | 'nickname' | 'tel' | 'hp'>;
export interface PasswordTyped {
  currentpasswd: string;
  passwd: string;
  confirm: string;
}

const SUBMIT = 'min-h-12 rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700';
const BOX = 'min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-5';

/** A refusal as a person reads it, under the field it concerns; an ended session asks to log in
 * again (with JavaScript). Takes the API's failure (`message` is its key) or a service's. */
export function refusalProblems(answer: { message?: string; field?: string; detail?: string }, fallback: string): Problems {
  if (answer.message === ErrorKey.alreadyNickname) return { nickname: Messages.alreadyNickname };
  if (answer.field === 'currentpasswd') return { currentpasswd: '현재 비밀번호가 정확하지 않습니다' };
  const field = answer.field && ['name', 'nickname', 'tel', 'hp', 'passwd'].includes(answer.field) ? answer.field : fallback;
  return { [field]: failureMessage('resetPassword', answer) };
}

const value = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

export const profileOf = (data: FormData): ProfileTyped => ({
  name: value(data, 'name'),
  nickname: value(data, 'nickname'),
  tel: value(data, 'tel'),
  hp: value(data, 'hp'),
});

export function profileProblems(p: ProfileTyped): Problems {
  return {
    ...(p.name ? {} : { name: Messages.nameRequired }),
    ...(p.nickname ? {} : { nickname: Messages.nicknameRequired }),
  };
}

export const passwordOf = (data: FormData): PasswordTyped => ({
  currentpasswd: String(data.get('currentpasswd') ?? ''),
  passwd: String(data.get('passwd') ?? ''),
  confirm: String(data.get('confirm') ?? ''),
});

export function passwordProblems(p: PasswordTyped): Problems {
  if (!p.currentpasswd) return { currentpasswd: Messages.currentPasswordRequired };
  if (!p.passwd) return { passwd: Messages.newPasswordRequired };
  if (p.passwd !== p.confirm) return { confirm: Messages.passwordMismatch };
  return {};
}

/** 회원 탈퇴's one field: the password, asked again (PRODUCT.md). */
export function leaveProblems(data: FormData): Problems {
  return String(data.get('passwd') ?? '') ? {} : { passwd: Messages.signupPasswordRequired };
}

/** Which of the page's forms was sent. */
export const INTENT = { profile: 'profile', password: 'password', leave: 'leave' } as const;

/** What the page's action answers for a form it refused. */
export type SentMyInfo =
  | { intent: typeof INTENT.profile; typed: ProfileTyped; problems: Problems }
  | { intent: typeof INTENT.password; problems: Problems }
  | { intent: typeof INTENT.password; done: true }
  | { intent: typeof INTENT.leave; problems: Problems };

/** One of the page's forms: a box named by its heading, posting its `intent` to the page without
 * JavaScript; with it, `onSubmit` takes the form instead. */
function MyInfoForm({
  intent,
  heading,
  onEdit,
  onSubmit,
  children,
}: {
  intent: (typeof INTENT)[keyof typeof INTENT];
  heading: string;
  onEdit: (event: React.SyntheticEvent) => void;
  onSubmit: (form: HTMLFormElement) => void;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      aria-labelledby={`${intent}-heading`}
      className={BOX}
      onInput={onEdit}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <h2 id={`${intent}-heading`} className="text-lg font-bold">
        {heading}
      </h2>
      {children}
    </form>
  );
}

export function ProfileForm({ me, sent }: { me: MyInfo; sent?: SentMyInfo }) {
  const { revalidate } = useRevalidator();
  const mine = sent?.intent === INTENT.profile ? sent : undefined;
  const { problems, show, onEdit } = useFieldProblems(mine?.problems);
  const shown = mine?.typed ?? me;
  async function submit(form: HTMLFormElement) {
    const changes = profileOf(new FormData(form));
    const found = profileProblems(changes);
    if (Object.keys(found).length > 0) return show(form, found);
    const answer = await withLoading(api.put('/user', { id: me.id, ...changes }));
    if (answer.code !== 'ok') {
      if (answer.status === 401) openLogin();
      return show(form, refusalProblems(answer, 'name'));
    }
    updateSession({ user: { name: changes.name, nickname: changes.nickname } });
    showMessage('내 정보가 저장되었습니다');
    await revalidate();
  }
  return (
    <MyInfoForm intent={INTENT.profile} heading="기본 정보" onEdit={onEdit} onSubmit={submit}>
      <p className="text-slate-600">
        아이디(이메일) <span className="block break-all font-semibold text-slate-800">{me.loginid}</span>
      </p>
      <Field id="me-name" label="이름" name="name" autoComplete="name" defaultValue={shown.name} problem={problems.name} />
      <Field
        id="me-nickname"
        label="닉네임"
        name="nickname"
        autoComplete="nickname"
        defaultValue={shown.nickname}
        problem={problems.nickname}
      />
      <Field id="me-tel" label="전화번호" name="tel" autoComplete="tel" defaultValue={shown.tel} problem={problems.tel} />
      <Field id="me-hp" label="휴대폰" name="hp" autoComplete="tel" defaultValue={shown.hp} problem={problems.hp} />
      <button type="submit" className={SUBMIT}>
        저장
      </button>
    </MyInfoForm>
  );
}

export function PasswordForm({ id, sent }: { id: number; sent?: SentMyInfo }) {
  const mine = sent?.intent === INTENT.password && 'problems' in sent ? sent : undefined;
  const { problems, show, onEdit } = useFieldProblems(mine?.problems);
  async function submit(form: HTMLFormElement) {
    const typed = passwordOf(new FormData(form));
    const found = passwordProblems(typed);
    if (Object.keys(found).length > 0) return show(form, found);
    const answer = await withLoading(
      api.put<{ token?: string }>('/user', { id, passwd: typed.passwd, currentpasswd: typed.currentpasswd }),
    );
    if (answer.code !== 'ok') {
      if (answer.status === 401) openLogin();
      return show(form, refusalProblems(answer, 'passwd'));
    }
    // Other sessions ended with the change; this one goes on with the token that came back.
    if (answer.token) updateSession({ token: answer.token });
    form.reset();
    showMessage(Messages.passwordChanged);
  }
  return (
    <MyInfoForm intent={INTENT.password} heading="비밀번호 변경" onEdit={onEdit} onSubmit={submit}>
      {sent && 'done' in sent ? (
        <p role="status" className="font-semibold text-emerald-800">
          {Messages.passwordChanged}
        </p>
      ) : null}
      <Field
        id="pw-current"
        label="현재 비밀번호"
        name="currentpasswd"
        type="password"
        autoComplete="current-password"
        problem={problems.currentpasswd}
      />
      <Field
        id="pw-new"
        label="새 비밀번호"
        name="passwd"
        type="password"
        autoComplete="new-password"
        hint="8자 이상"
        problem={problems.passwd}
      />
      <Field
        id="pw-confirm"
        label="새 비밀번호 확인"
        name="confirm"
        type="password"
        autoComplete="new-password"
        problem={problems.confirm}
      />
      <button type="submit" className={SUBMIT}>
        비밀번호 변경
      </button>
    </MyInfoForm>
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
        if (answer.code !== 'ok') return reportFailure(answer);
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

/** 회원 탈퇴: the password again, what stays and what goes, then a confirmation (with JavaScript,
 * through the API; without it the form posts to the page, whose action calls the same service). */
export function LeaveSite({ id, sent }: { id: number; sent?: SentMyInfo }) {
  const navigate = useNavigate();
  const mine = sent?.intent === INTENT.leave ? sent : undefined;
  const { problems, show, onEdit } = useFieldProblems(mine?.problems);
  function ask(form: HTMLFormElement) {
    const data = new FormData(form);
    const found = leaveProblems(data);
    if (Object.keys(found).length > 0) return show(form, found);
    askConfirm({
      title: '회원 탈퇴',
      content: '탈퇴하면 계정이 삭제되고 되돌릴 수 없습니다. 탈퇴할까요?',
      onSuccess: async () => {
        const answer = await withLoading(api.delete('/user', { id, passwd: String(data.get('passwd')) }));
        if (answer.code !== 'ok') {
          if (answer.field) return show(form, refusalProblems(answer, 'passwd'));
          return reportFailure(answer);
        }
        await logout();
        showMessage('탈퇴되었습니다');
        await navigate('/', { replace: true });
      },
    });
  }
  return (
    <MyInfoForm intent={INTENT.leave} heading="회원 탈퇴" onEdit={onEdit} onSubmit={ask}>
      <p className="text-slate-700">탈퇴하면 계정이 삭제되어 다시 로그인할 수 없고, 되돌릴 수 없습니다.</p>
      {/* What happens to what the member leaves behind (removeUser, PRODUCT.md's messages). */}
      <ul className="list-disc space-y-1 pl-5 text-slate-600">
        <li>쓴 글과 댓글은 지워지지 않고 남으며, 쓸 때의 닉네임으로 보입니다. 지우고 싶은 글과 댓글은 탈퇴 전에 직접 삭제하세요.</li>
        <li>주고받은 쪽지는 상대방에게 남고, 보낸 사람은 ‘탈퇴한 회원’으로 보입니다.</li>
        <li>알림과 키워드 알림은 모두 삭제됩니다.</li>
      </ul>
      <Field
        id="leave-passwd"
        label="비밀번호"
        name="passwd"
        type="password"
        autoComplete="current-password"
        hint="탈퇴하려면 비밀번호를 한 번 더 입력하세요"
        problem={problems.passwd}
      />
      <button type="submit" className="min-h-12 rounded-lg border border-red-600 px-6 font-semibold text-red-700 hover:bg-red-50">
        회원 탈퇴
      </button>
    </MyInfoForm>
  );
}

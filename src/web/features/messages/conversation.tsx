import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ConversationView, MESSAGE_MAX, type MessageEntry, type MessageEvent, type MessageSent } from '#shared/conversations.ts';
import { formatDateTime } from '#shared/format.ts';
import { ScamWarningText } from '#shared/scam-warnings.ts';
import { CharacterCount } from '../../components/ui/character-count.tsx';
import { Link } from '../../components/ui/link.tsx';
import { MemberName } from '../../components/ui/member-name.tsx';
import { reportFailure } from '../../lib/api-failure.ts';
import { linkParts } from '../../lib/message-links.ts';
import { askConfirm, showMessage, withLoading } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';
import { subscribe } from '../../lib/live-events.ts';
import { setUnreadMessages } from '../../lib/unread-messages.ts';
import { UNSAVED } from '../../lib/unsaved-input.ts';

// One conversation (PRODUCT.md "Messages"): the item at the top, the messages oldest first with
// mine on the right, a box to write at the bottom. Every control is a form that posts to the
// page (its action sends, blocks, leaves without JavaScript); with the app they call the API and
// the page changes in place, new messages arriving live.

/** What the page's action sent back (without JavaScript): a refused message keeps its text. */
export interface ConversationRefusal {
  intent: string;
  message: string;
  content?: string;
}

export interface ConversationProps {
  view: ConversationView;
  me: number;
  /** The item's page and what its kind shows of it (price, trade state); none when direct or gone. */
  about: { path: string; facts: ReactNode } | null;
  /** I blocked the other member. */
  blocked: boolean;
  timeZone: string;
  today: string;
  /** The page's address, where its forms post. */
  path: string;
  /** 신고: the report control, given by the page. */
  report: ReactNode;
  refusal?: ConversationRefusal;
  /** 나가기 was asked without JavaScript: the page shows the question. */
  askedLeave?: ReactNode;
}

/** 나가기 asks first: the dialog with the app, the page's question without it. */
export const LEAVE_QUESTION = {
  title: '대화방을 나갈까요?',
  content: '내 목록에서 사라집니다. 상대방이 새 메시지를 보내면 다시 나타납니다.',
};

/** A message's time: the hour on its day, the date and hour before. Never split. */
function messageTime(date: string, timeZone: string, today: string): string {
  const shown = formatDateTime(date, timeZone);
  return shown.startsWith(today) ? shown.slice(11) : shown;
}

/** Plain text as typed, addresses as links the page never follows by itself. */
function MessageText({ content }: { content: string }) {
  return (
    <>
      {linkParts(content).map((part, i) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
          <a key={i} href={part.href} rel="nofollow ugc noopener" target="_blank" className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

function Message({ message, mine, timeZone, today }: { message: MessageEntry; mine: boolean; timeZone: string; today: string }) {
  return (
    <li id={`message-${message.id}`} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div className={`flex max-w-[85%] items-end gap-1.5 sm:max-w-[70%] ${mine ? 'flex-row-reverse' : ''}`}>
        <p
          className={`min-w-0 rounded-2xl px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere] ${
            mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
          }`}
        >
          <span className="sr-only">{mine ? '나: ' : '상대방: '}</span>
          <MessageText content={message.content} />
        </p>
        <time dateTime={message.date} className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums">
          {messageTime(message.date, timeZone, today)}
        </time>
      </div>
      {message.warnings.map((w) => (
        <p key={w} role="note" className="mt-1 max-w-[85%] rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-900 sm:max-w-[70%]">
          <span aria-hidden="true">⚠️ </span>
          <strong>주의</strong> {ScamWarningText[w]}
        </p>
      ))}
    </li>
  );
}

/** On a phone the conversation fills what is visible of the screen, the box to write above the
 * keyboard: the visible part's height, as the browser says while the keyboard opens and closes. */
function useVisibleHeight(box: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const place = () => {
      box.current?.style.setProperty('--visible-height', `${viewport.height}px`);
      box.current?.style.setProperty('--visible-top', `${viewport.offsetTop}px`);
    };
    place();
    viewport.addEventListener('resize', place);
    viewport.addEventListener('scroll', place);
    return () => {
      viewport.removeEventListener('resize', place);
      viewport.removeEventListener('scroll', place);
    };
  }, [box]);
}

/** Enter sends where there is a keyboard of its own (a desktop), never while an input method is
 * composing (Korean: the syllable being formed would be cut); Shift+Enter is a new line, and on a
 * phone Enter is always a new line (the 보내기 button sends). */
function sendsOnEnter(event: React.KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (event.nativeEvent.isComposing || event.keyCode === 229) return false;
  return window.matchMedia('(hover: hover) and (pointer: fine)').matches;
}

export function Conversation(props: ConversationProps) {
  const { view, me, about, timeZone, today, path, refusal } = props;
  const id = view.item.id;
  const other = view.item.other;
  const navigate = useNavigate();
  const [messages, setMessages] = useState(view.messages);
  const [more, setMore] = useState(view.more);
  const [blocked, setBlocked] = useState(props.blocked);
  const [text, setText] = useState(refusal?.intent === 'send' ? (refusal.content ?? '') : '');
  const [sending, setSending] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const log = useRef<HTMLDivElement>(null);
  /** How to place the log after its messages change: at the bottom, or where the reader was. */
  const keep = useRef<{ bottom: true } | { height: number; top: number }>({ bottom: true });
  useVisibleHeight(frame);

  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again each time the messages change
  useLayoutEffect(() => {
    const box = log.current;
    if (!box) return;
    const place = keep.current;
    box.scrollTop = 'bottom' in place ? box.scrollHeight : place.top + (box.scrollHeight - place.height);
  }, [messages]);

  const markRead = useCallback(async () => {
    const answer = await api.put<{ unread: number }>(`/conversation/${id}/read`);
    if (answer.code === 'ok') setUnreadMessages(answer.unread);
  }, [id]);

  /** The newest messages, those not here yet added at the bottom; read if the page is in view. */
  const refresh = useCallback(async () => {
    const answer = await api.get<ConversationView>(`/conversation/${id}`);
    if (answer.code !== 'ok') return;
    const box = log.current;
    const atBottom = !box || box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    keep.current = atBottom ? { bottom: true } : { height: box.scrollHeight, top: box.scrollTop };
    setMessages((shown) => {
      const last = shown.at(-1)?.id ?? 0;
      const added = answer.messages.filter((m) => m.id > last);
      return added.length ? [...shown, ...added] : shown;
    });
    if (document.visibilityState === 'visible') await markRead();
  }, [id, markRead]);

  useEffect(() => {
    const stop = subscribe('message', (event) => {
      if ((event as MessageEvent).conversation === id) void refresh();
    });
    // Back in view after messages came while away: they are read now.
    const seen = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', seen);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', seen);
    };
  }, [id, refresh]);

  const loadingOlder = useRef(false);
  async function loadOlder() {
    const first = messages[0];
    if (!first || loadingOlder.current) return;
    loadingOlder.current = true;
    const answer = await api.get<ConversationView>(`/conversation/${id}`, { before: first.id });
    loadingOlder.current = false;
    if (answer.code !== 'ok') return reportFailure(answer);
    const box = log.current;
    keep.current = box ? { height: box.scrollHeight, top: box.scrollTop } : { bottom: true };
    setMessages((shown) => [...answer.messages.filter((m) => m.id < (shown[0]?.id ?? Infinity)), ...shown]);
    setMore(answer.more);
  }

  async function send() {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    const answer = await api.post<MessageSent>(`/conversation/${id}/message`, { content });
    setSending(false);
    if (answer.code !== 'ok') return reportFailure(answer);
    setText('');
    keep.current = { bottom: true };
    setMessages((shown) => [...shown, { id: answer.id, user: me, content, date: answer.date, warnings: answer.warnings }]);
  }

  async function toggleBlock() {
    const answer = await withLoading(blocked ? api.delete(`/block/${other.id}`) : api.post('/block', { user: other.id }));
    if (answer.code !== 'ok') return reportFailure(answer);
    setBlocked(!blocked);
    showMessage(blocked ? `${other.nickname}님의 차단을 풀었습니다` : `${other.nickname}님을 차단했습니다`);
  }

  function leave() {
    askConfirm({
      ...LEAVE_QUESTION,
      onSuccess: async () => {
        const answer = await withLoading(api.delete(`/conversation/${id}`));
        if (answer.code !== 'ok') return reportFailure(answer);
        navigate('/messages');
      },
    });
  }

  // As the 신고 beside them (the report control's compact look).
  const small =
    'inline-flex min-h-11 min-w-11 items-center justify-center px-1 text-sm whitespace-nowrap text-slate-600 underline underline-offset-2';
  const near = text.length > MESSAGE_MAX - 200;
  return (
    <section
      ref={frame}
      aria-label={`${other.nickname}님과의 대화`}
      // A phone: the whole visible screen, over the site's header. A desktop: a card in the page.
      className="fixed inset-x-0 top-[var(--visible-top,0px)] z-30 flex h-[var(--visible-height,100dvh)] flex-col bg-slate-50 sm:static sm:z-auto sm:mx-auto sm:h-[calc(100dvh-11rem)] sm:min-h-[32rem] sm:max-w-3xl sm:rounded-2xl sm:border sm:border-slate-200"
    >
      <header className="border-b border-slate-200 bg-white px-2 py-1 sm:rounded-t-2xl sm:px-4 sm:py-2">
        <div className="flex flex-wrap items-center gap-x-1">
          <Link to="/messages" className="inline-flex min-h-11 min-w-11 items-center justify-center text-xl text-slate-700">
            <span aria-hidden="true">←</span>
            <span className="sr-only">쪽지 목록</span>
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold">
            <MemberName user={other.id} name={other.nickname} />
          </h1>
          <form
            method="post"
            action={path}
            onSubmit={(event) => {
              event.preventDefault();
              void toggleBlock();
            }}
          >
            <input type="hidden" name="intent" value={blocked ? 'unblock' : 'block'} />
            <button type="submit" className={small}>
              {blocked ? '차단 해제' : '차단'}
            </button>
          </form>
          {props.report}
          <form
            method="post"
            action={path}
            onSubmit={(event) => {
              event.preventDefault();
              leave();
            }}
          >
            <input type="hidden" name="intent" value="leave" />
            <button type="submit" className={small}>
              나가기
            </button>
          </form>
        </div>
        {props.askedLeave}
        {about ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 pb-1">
            <Link to={about.path} className="min-w-0 font-semibold break-words text-brand-700 underline-offset-2 hover:underline">
              {view.item.title}
            </Link>
            {about.facts}
          </p>
        ) : view.item.target ? (
          <p className="px-2 pb-1 text-sm text-slate-500">삭제되었거나 볼 수 없는 글입니다</p>
        ) : null}
        {blocked ? (
          <p className="px-2 pb-1 text-sm text-slate-600">차단한 회원입니다. 차단을 풀기 전에는 이 회원이 보낸 메시지를 받지 않습니다.</p>
        ) : null}
      </header>
      <div
        ref={log}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
        onScroll={(e) => more && e.currentTarget.scrollTop < 120 && void loadOlder()}
      >
        {more ? (
          <p className="mb-3 text-center">
            <a
              href={`${path}?before=${messages[0]?.id ?? ''}`}
              className="inline-flex min-h-11 items-center text-sm text-slate-600 underline"
              onClick={(event) => {
                event.preventDefault();
                void loadOlder();
              }}
            >
              이전 메시지 보기
            </a>
          </p>
        ) : null}
        {messages.length === 0 ? <p className="py-10 text-center text-slate-500">첫 메시지를 보내 보세요.</p> : null}
        <ol role="log" aria-label="대화 내용" className="space-y-3">
          {messages.map((m) => (
            <Message key={m.id} message={m} mine={m.user === me} timeZone={timeZone} today={today} />
          ))}
        </ol>
      </div>
      <form
        method="post"
        action={path}
        {...UNSAVED(text.trim() !== '')}
        className="border-t border-slate-200 bg-white p-2 sm:rounded-b-2xl sm:p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <input type="hidden" name="intent" value="send" />
        {refusal ? (
          <p role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {refusal.message}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <label htmlFor="message-content" className="sr-only">
            메시지
          </label>
          <textarea
            id="message-content"
            name="content"
            rows={1}
            required
            maxLength={MESSAGE_MAX}
            value={text}
            placeholder="메시지를 입력하세요"
            aria-describedby="message-limit"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (!sendsOnEnter(event)) return;
              event.preventDefault();
              void send();
            }}
            className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-base [field-sizing:content]"
          />
          <button
            type="submit"
            disabled={sending}
            className="min-h-11 shrink-0 rounded-xl bg-brand-600 px-4 font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:opacity-60"
          >
            보내기
          </button>
        </div>
        {near ? <CharacterCount hintId="message-limit" length={text.length} max={MESSAGE_MAX} /> : <span id="message-limit" hidden />}
      </form>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { PUSH_KIND_LABELS, type PushKind, PushKinds } from '#shared/notifications.ts';
import type { QuietHours } from '#shared/schemas/notification.ts';
import { reportFailure } from '../../lib/api-failure.ts';
import { showMessage, withLoading } from '../../lib/screen-store.ts';
import { canPush, currentSubscription, subscribePush, unsubscribePush } from '../../lib/web-push.ts';
import { SaveRow } from './notification-settings.tsx';

// 푸시 알림 on 내 정보: 알림 받기 subscribes this browser (it needs JavaScript and a browser that
// takes pushes); which kinds are pushed and the quiet hours are a plain form posted to
// /mypage/notifications, with or without JavaScript, which comes back here.

/** This browser's state: unknown until the page runs, then whether it takes pushes. */
type BrowserState = 'unknown' | 'unsupported' | 'off' | 'on';

function SubscribeButton() {
  const [state, setState] = useState<BrowserState>('unknown');
  useEffect(() => {
    if (!canPush()) return setState('unsupported');
    currentSubscription()
      .then((s) => setState(s ? 'on' : 'off'))
      .catch(() => setState('unsupported'));
  }, []);
  if (state === 'unknown') return null;
  if (state === 'unsupported') {
    return (
      <p className="text-sm text-slate-600">이 브라우저는 푸시 알림을 받을 수 없습니다. 휴대폰에서는 홈 화면에 추가한 뒤 켜 주세요.</p>
    );
  }
  const toggle = async () => {
    if (state === 'on') {
      const answer = await withLoading(unsubscribePush());
      if (answer.code !== 'ok') return reportFailure(answer);
      setState('off');
      return showMessage('이 기기의 푸시 알림을 껐습니다');
    }
    const answer = await withLoading(subscribePush());
    if (answer === 'denied') return showMessage('브라우저 설정에서 알림을 허용해 주세요', 'error');
    if (answer.code !== 'ok') return reportFailure(answer);
    setState('on');
    showMessage('이 기기에서 푸시 알림을 받습니다');
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => void toggle()}
        className="min-h-11 rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {state === 'on' ? '알림 끄기' : '알림 받기'}
      </button>
      <p className="text-sm text-slate-600">
        {state === 'on' ? '이 기기에서 푸시 알림을 받고 있습니다' : '이 기기는 푸시 알림을 받지 않습니다'}
      </p>
    </div>
  );
}

function QuietTime({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <label className="flex items-center gap-2">
      {label}
      <input type="time" name={name} defaultValue={value ?? ''} className="min-h-11 rounded-lg border border-slate-300 px-2" />
    </label>
  );
}

export function PushSettingsBox({ push, quiet, saved }: { push: PushKind[]; quiet: QuietHours | null; saved: boolean }) {
  return (
    <section id="push-settings" aria-labelledby="push-settings-title" className="space-y-2">
      <h2 id="push-settings-title" className="text-lg font-bold">
        푸시 알림
      </h2>
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <SubscribeButton />
        <Form method="post" action="/mypage/notifications" noValidate className="space-y-3">
          <input type="hidden" name="intent" value="push-settings" />
          <fieldset className="space-y-2">
            <legend className="text-slate-600">알림 받기를 켠 기기로 고른 알림을 바로 보내 드립니다.</legend>
            {PushKinds.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="push" value={kind} defaultChecked={push.includes(kind)} className="size-5" />
                {PUSH_KIND_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-slate-600">방해 금지 시간: 이 시간에는 푸시를 보내지 않습니다 (알림 목록에는 남습니다).</legend>
            <div className="flex flex-wrap items-center gap-2">
              <QuietTime name="quiet_from" label="시작" value={quiet?.from} />
              <QuietTime name="quiet_to" label="끝" value={quiet?.to} />
            </div>
            <p className="text-sm text-slate-500">비워 두면 언제든 보냅니다.</p>
          </fieldset>
          <SaveRow label="푸시 설정 변경" saved={saved ? '푸시 설정을 바꾸었습니다' : undefined} />
        </Form>
      </div>
    </section>
  );
}

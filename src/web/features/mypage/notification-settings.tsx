import { Form } from 'react-router';
import { type MailSettingKind, MailSettingKinds, NOTIFICATION_KIND_LABELS } from '#shared/notifications.ts';

// The e-mail choices on 내 정보: which kinds of notification also go by e-mail. A plain form
// posted to /mypage/notifications (the same with or without JavaScript), which comes back here.

export function NotificationSettingsBox({ mail, saved }: { mail: MailSettingKind[]; saved: boolean }) {
  return (
    <section id="notification-settings" aria-labelledby="notification-settings-title" className="space-y-2">
      <h2 id="notification-settings-title" className="text-lg font-bold">
        알림 메일
      </h2>
      <Form method="post" action="/mypage/notifications" noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="mail-settings" />
        <fieldset className="space-y-2">
          <legend className="text-slate-600">알림은 사이트에서 늘 볼 수 있고, 고른 알림은 메일로도 보내 드립니다.</legend>
          {MailSettingKinds.map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="mail" value={kind} defaultChecked={mail.includes(kind)} className="size-5" />
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <SaveRow label="메일 설정 변경" saved={saved ? '메일 설정을 바꾸었습니다' : undefined} />
      </Form>
    </section>
  );
}

/** A settings form's submit button, and what was saved when the page came back from it. */
export function SaveRow({ label, saved }: { label: string; saved?: string }) {
  return (
    <div className="flex items-center gap-3">
      <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700">
        {label}
      </button>
      {saved ? (
        <p role="status" className="text-sm text-slate-600">
          {saved}
        </p>
      ) : null}
    </div>
  );
}

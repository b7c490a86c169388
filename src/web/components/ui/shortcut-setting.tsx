import { setShortcutEnabled, useScreen } from '../../lib/screen-store.ts';

/** WCAG 2.1.4: single-key shortcuts can be switched off (kept in this browser). */
export function ShortcutSetting() {
  const enabled = useScreen((s) => s.shortcutEnabled);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <label className="flex items-center gap-3 text-lg font-semibold">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setShortcutEnabled(e.target.checked)}
          className="size-5 accent-brand-600"
        />
        단축키 사용
      </label>
      <p className="mt-1 text-slate-600">
        켜 두면 입력란 밖에서 <kbd className="rounded border border-slate-300 px-1 font-mono">F</kbd> 키를 눌러 단축키 모드로 이동할 수
        있습니다. 화면 읽기 프로그램이나 음성 입력과 겹치면 끄세요.
      </p>
    </div>
  );
}

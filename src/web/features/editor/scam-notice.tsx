import { type FoundWarning, type ScamWarning, ScamWarningText, ScamWarnings } from '#shared/scam-warnings.ts';

// A listing saved without JavaScript was not asked about before publishing: the form's action
// leads to the saved page with the cautions its text earned (?warned=prepay,contact), and the
// page says them to its author.

const PARAM = 'warned';

/** The saved item's page, naming the cautions when there are any. */
export function warnedPath(path: string, warnings: readonly FoundWarning[]): string {
  return warnings.length ? `${path}?${PARAM}=${warnings.map((w) => w.key).join(',')}` : path;
}

/** The cautions an address names; anything else in it is ignored. */
export function warnedKeys(url: URL): ScamWarning[] {
  const named = (url.searchParams.get(PARAM) ?? '').split(',');
  return ScamWarnings.filter((k) => named.includes(k));
}

export function ScamNotice({ keys }: { keys: readonly ScamWarning[] }) {
  if (!keys.length) return null;
  return (
    <div role="note" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
      <p className="font-semibold">저장했습니다. 글에 사기 피해로 이어질 수 있는 내용이 있습니다</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {keys.map((k) => (
          <li key={k}>{ScamWarningText[k]}</li>
        ))}
      </ul>
    </div>
  );
}

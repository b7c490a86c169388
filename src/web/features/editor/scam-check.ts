import { type FoundWarning, ScamWarningText } from '#shared/scam-warnings.ts';
import { askConfirm } from '../../lib/screen-store.ts';
import { api } from '../../lib/session.ts';

// A listing's write form asks the server what its title and text earn (POST /api/warnings) before
// publishing, and shows each caution with the words that earned it: the author publishes anyway
// (계속 올리기) or goes back to the form with everything typed (고치기).

export const SCAM_CONFIRM_TITLE = '사기 피해로 이어질 수 있는 내용이 있습니다';

/** The cautions as the dialog reads them: the words found, then why they matter. */
export function warningLines(warnings: readonly FoundWarning[]): string {
  return warnings.map((w) => `“${w.phrase}”: ${ScamWarningText[w.key]}`).join('\n\n');
}

/** Whether to publish: at once when nothing was found (or the check could not answer: the
 * server checks again on save), otherwise as the author chooses. */
export async function confirmListingText(section: string, title: string, content: string): Promise<boolean> {
  const answer = await api.post<{ warnings: FoundWarning[] }>('/warnings', { target: section, title, content });
  if (answer.code !== 'ok' || answer.warnings.length === 0) return true;
  return new Promise((resolve) =>
    askConfirm({
      title: SCAM_CONFIRM_TITLE,
      content: warningLines(answer.warnings),
      confirmLabel: '계속 올리기',
      cancelLabel: '고치기',
      onSuccess: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

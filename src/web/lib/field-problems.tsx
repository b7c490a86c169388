import { useState } from 'react';
import { flushSync } from 'react-dom';
import { showMessage } from './screen-store.ts';

// A form's problems, each under its own field: shown together after a check, the first invalid
// control takes focus (its message is read with it through aria-describedby, and read out at once
// as an alert, never drawn over the page: issue #32), and a field's message goes as soon as that
// field is changed while the others stay. The same shape comes back from a route's action when
// the form was sent without JavaScript.

/** Problems by field name. */
export type Problems = Readonly<Record<string, string>>;

/** A schema's refusals as problems: each field's first, under the field the issue names. */
export function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problems {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in found)) found[field] = issue.message;
  }
  return found;
}

export const problemId = (controlId: string) => `${controlId}-error`;

/** The field a changed control stands for: its name, or `data-field` (the rich editor's area). */
function fieldOf(target: EventTarget | null): string | undefined {
  if (!(target instanceof HTMLElement)) return undefined;
  return target.getAttribute('name') || target.dataset.field || undefined;
}

export function useFieldProblems(initial: Problems = {}) {
  const [problems, setProblems] = useState<Problems>(initial);
  function clear(field: string) {
    setProblems((prev) => {
      if (!(field in prev)) return prev;
      const { [field]: _fixed, ...rest } = prev;
      return rest;
    });
  }
  return {
    problems,
    clear,
    /** Shows these problems in place of the earlier ones; once they are on screen, `focus`'s
     * control takes focus, or else the first invalid control in the order a person reads them. */
    show(form: HTMLElement | null, found: Problems, focus?: string): void {
      flushSync(() => setProblems(found));
      const named = focus ? `[name="${focus}"],[data-field="${focus}"]` : '[aria-invalid="true"]';
      const control = form?.querySelector<HTMLElement>(named);
      control?.focus();
      // The message of the control that took focus, the one a person meets first, is also read
      // out at once (an alert), whatever the screen reader does on focus. It is on the screen
      // already, under its field: a box drawn over the page would hide the fields to fix.
      const first = (control && found[fieldOf(control) ?? '']) || Object.values(found)[0];
      if (first) showMessage(first, 'error', { spoken: true });
    },
    /** The form's onInput: whatever control was changed drops its own field's problem. */
    onEdit(event: React.SyntheticEvent) {
      const field = fieldOf(event.target);
      if (field) clear(field);
    },
  };
}

/** The aria props of a control with a problem (and an optional hint it keeps). */
export function problemProps(problem: string | undefined, controlId: string, hintId?: string) {
  const described = [problem ? problemId(controlId) : '', hintId ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': problem ? (true as const) : undefined, 'aria-describedby': described || undefined };
}

/** A field's message under it. */
export function ProblemText({ controlId, problem }: { controlId: string; problem: string | undefined }) {
  return problem ? (
    <p id={problemId(controlId)} className="mt-1 font-semibold text-red-700">
      {problem}
    </p>
  ) : null;
}

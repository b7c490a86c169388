import { ProblemText, problemProps } from '../../lib/field-problems.tsx';

/** A labelled text field for the dialogs' forms, with an optional hint, its problem under it
 * and a button beside it (인증코드 발송 / 확인). Large type and a 48 px tall target for older
 * readers on phones. A `wide` field (an e-mail address) keeps at least 14rem for its text: where
 * the button beside it would leave less (a phone), the button goes under it, as wide as the box. */
export function Field({
  id,
  label,
  name,
  type = 'text',
  autoComplete,
  inputMode,
  defaultValue,
  hint,
  onChange,
  action,
  wide = false,
  problem,
}: {
  id: string;
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email';
  defaultValue?: string;
  hint?: string;
  onChange?: () => void;
  action?: React.ReactNode;
  wide?: boolean;
  problem?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-800">
        {label}
      </label>
      <div className={`mt-1 flex gap-2 ${wide ? 'flex-wrap [&>button]:grow' : ''}`}>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          defaultValue={defaultValue}
          onChange={onChange}
          {...problemProps(problem, id, hint ? `${id}-hint` : undefined)}
          className={`min-h-12 min-w-0 rounded-lg border border-slate-300 px-3 text-lg aria-invalid:border-red-600 ${wide ? 'flex-[999_1_14rem]' : 'flex-1'}`}
        />
        {action}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-slate-600">
          {hint}
        </p>
      ) : null}
      <ProblemText controlId={id} problem={problem} />
    </div>
  );
}

/** The secondary button beside a field. */
export function FieldButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="min-h-12 shrink-0 rounded-lg border border-brand-600 px-3 font-semibold whitespace-nowrap text-brand-700 tabular-nums hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-600 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

import { VisaLabel } from '#shared/enums.ts';
import { formatPay, hasPay, type Pay } from '#shared/pay.ts';

// A job's pay and visa terms as lists and pages show them (PRODUCT.md "Jobs say pay and visa").

/** "시급 $18 ~ $22" on one line, or 급여 협의. */
export function JobsPay({ job, className = '' }: { job: Pay; className?: string }) {
  return (
    <span className={`whitespace-nowrap ${hasPay(job) ? 'font-semibold text-slate-900' : 'text-slate-600'} ${className}`}>
      {formatPay(job)}
    </span>
  );
}

/** The visa terms as small tags, each on one line. */
export function VisaTags({ visa }: { visa: readonly number[] | undefined }) {
  if (!visa?.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {visa.map((code) => (
        <span key={code} className="whitespace-nowrap rounded bg-sky-50 px-1.5 py-0.5 text-sm text-sky-800">
          {VisaLabel[code]}
        </span>
      ))}
    </span>
  );
}

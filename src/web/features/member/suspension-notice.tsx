import { SUSPENDED_LIMITS, suspendedHeading } from '#shared/trust.ts';

/** A suspension in force, as the member reads it: until when, why and what it stops. My page shows
 * it, and so does a form the member sent without JavaScript (root.tsx), with the way to my page. */
export function SuspensionNotice({ until, reason, headingLevel = 2, children }: SuspensionNoticeProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <Heading className="font-bold break-keep">{suspendedHeading(until)}</Heading>
      <p className="mt-1 break-words">{`사유: ${reason}`}</p>
      <p className="mt-1 text-sm break-keep">{SUSPENDED_LIMITS}</p>
      {children}
    </section>
  );
}

interface SuspensionNoticeProps {
  /** The end as the site's calendar says it. */
  until: string;
  reason: string;
  headingLevel?: 1 | 2;
  children?: React.ReactNode;
}

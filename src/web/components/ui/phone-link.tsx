import { telHref } from '#shared/links.ts';

/** A phone number that calls it: a finger-sized target (44 px tall, WCAG 2.5.8) that leaves the
 * height of the line it sits in as it is. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="-my-2.5 inline-flex min-h-11 items-center whitespace-nowrap text-brand-700 underline">
      {phone}
    </a>
  );
}

import { telHref } from '#shared/links.ts';

/** 전화하기: a phone number to tap, large enough for a thumb. Padded all round: on a phone the
 * number goes under 전화하기, and two lines must not touch the button's edges. */
export function CallButton({ tel }: { tel: string }) {
  return (
    <a
      href={telHref(tel)}
      className="flex min-h-12 flex-wrap items-center justify-center gap-x-2 rounded-lg bg-brand-600 px-4 py-2 text-lg leading-snug font-bold text-white hover:bg-brand-700"
    >
      전화하기 <span className="whitespace-nowrap">{tel}</span>
    </a>
  );
}

import { useEffect, useRef, useState } from 'react';
import { formatCharCount, formatCharCountSpoken } from '#shared/format.ts';

/** How long typing stops before the count is read out: a screen reader is not interrupted at
 * every key, and hears the count when the person pauses. */
const PAUSE_MS = 1000;

/** A field's count against its limit (12/200) under it. The field names `hintId` in its
 * aria-describedby (the limit, read with the field); the count itself is read politely after a
 * pause in typing, never on arrival. */
export function CharacterCount({ hintId, length, max }: { hintId: string; length: number; max: number }) {
  const [spoken, setSpoken] = useState('');
  const first = useRef(length);
  useEffect(() => {
    if (length === first.current && spoken === '') return;
    const timer = setTimeout(() => setSpoken(formatCharCountSpoken(length, max)), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [length, max, spoken]);
  return (
    <p className="mt-1 text-right text-sm text-slate-600 tabular-nums">
      <span aria-hidden="true" className={length >= max ? 'font-semibold text-red-700' : undefined}>
        {formatCharCount(length, max)}
      </span>
      <span id={hintId} className="sr-only">
        {`최대 ${max.toLocaleString('en-US')}자`}
      </span>
      <span aria-live="polite" className="sr-only">
        {spoken}
      </span>
    </p>
  );
}

// The databases a bench section runs on, picked with BENCH_DATABASES (sqlite,postgres).

export const DATABASES = ['sqlite', 'postgres'] as const;
export type Database = (typeof DATABASES)[number];

/** BENCH_DATABASES's choice, in its order; every one by default. */
export function databases(): Database[] {
  const names = (process.env.BENCH_DATABASES ?? DATABASES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(DATABASES as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) throw new Error(`BENCH_DATABASES takes ${DATABASES.join(', ')}; got ${names.join(', ')}`);
  return names as Database[];
}

/** The column a unique constraint refused, on either database, or undefined for other errors. */
export function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: string; constraint?: string; errcode?: number };
  // PostgreSQL: 23505 with the constraint name (<table>_<column>_key).
  if (e.code === '23505') return e.constraint?.replace(/^[a-z]+_/, '').replace(/_key$/, '');
  // SQLite: "UNIQUE constraint failed: users.loginid"
  const m = /UNIQUE constraint failed: \w+\.(\w+)/.exec(e.message);
  return m?.[1];
}

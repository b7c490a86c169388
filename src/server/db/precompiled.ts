import { type CompiledQuery, CompiledQuery as Compiled } from 'kysely';
import type { Db } from './database.ts';

// Kysely builds and compiles a query on every call: for a request that reads one row by its key,
// that is a measurable share of the whole. A hot statement is compiled once per database and run
// with fresh parameters.

/** `build` compiles the statement with placeholder values; `run` takes the real ones in the order
 * the placeholders appear in it. */
export function precompiled<R>(build: (db: Db) => CompiledQuery<R>): (db: Db, parameters: readonly unknown[]) => Promise<R[]> {
  const texts = new WeakMap<Db, string>();
  return async (db, parameters) => {
    let text = texts.get(db);
    if (text === undefined) {
      text = build(db).sql;
      texts.set(db, text);
    }
    return (await db.executeQuery<R>(Compiled.raw(text, [...parameters]))).rows;
  };
}

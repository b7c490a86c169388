import fs from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Cell, TableRows } from './tables.ts';

// One table in a PostgreSQL backup: gzipped NDJSON, a header line `{"columns": [...]}` then one
// JSON array a row. Plain text that any tool can read, and it loads into either database; written
// and read a batch at a time, so memory stays flat whatever the table's size.

export async function writeTableFile(
  file: string,
  columns: string[],
  batches: AsyncIterable<Cell[][]>,
  onRows: (n: number) => void,
): Promise<number> {
  const gzip = zlib.createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(file, { mode: 0o600 }));
  const put = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  let rows = 0;
  await put(`${JSON.stringify({ columns })}\n`);
  for await (const batch of batches) {
    await put(batch.map((row) => `${JSON.stringify(row)}\n`).join(''));
    rows += batch.length;
    onRows(batch.length);
  }
  gzip.end();
  await written;
  return rows;
}

const BATCH = 2000;

export async function readTableFile(file: string, name: string): Promise<TableRows> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? undefined : (JSON.parse(first.value) as { columns?: unknown });
  if (!header || !Array.isArray(header.columns)) throw new Error(`${file}: no header line`);
  async function* batches(): AsyncGenerator<Cell[][]> {
    let batch: Cell[][] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      batch.push(JSON.parse(next.value) as Cell[]);
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  return { name, columns: header.columns as string[], batches: batches() };
}

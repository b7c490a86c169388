import { buildDeps } from '#server/boot.ts';
import { startProcess } from '#server/process-start.ts';
import { createLogger } from '#server/lib/logger.ts';
import { reindexAll } from './search.service.ts';

// `npm run search:reindex`: rebuilds the search index from the content with a progress bar.
const env = startProcess();
const { deps, connection } = await buildDeps(env, createLogger('warn'));
const started = performance.now();
const WIDTH = 30;
const done = await reindexAll(deps, (n, total) => {
  const share = total ? n / total : 1;
  const bar = '#'.repeat(Math.round(share * WIDTH)).padEnd(WIDTH, '.');
  process.stderr.write(`\r[${bar}] ${Math.round(share * 100)}% ${n.toLocaleString('en')}/${total.toLocaleString('en')}`);
});
process.stderr.write(`\nindexed ${done.toLocaleString('en')} items in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
await connection.close();

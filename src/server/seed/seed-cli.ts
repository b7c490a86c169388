import { buildDeps } from '#server/boot.ts';
import { startProcess } from '#server/process-start.ts';
import { createLogger } from '#server/lib/logger.ts';
import { seedDemo } from './demo.ts';

// `npm run db:seed`: fills an empty database with the demo content, as SEED_DEMO=1 does at
// start, without starting the server. A database that already has content is left alone.
const env = startProcess();
const { deps, connection } = await buildDeps(env, createLogger(env.LOG_LEVEL));
try {
  const started = Date.now();
  const { seeded, counts } = await seedDemo(deps);
  process.stdout.write(
    seeded
      ? `demo content seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}\n`
      : 'the database already has content; nothing seeded\n',
  );
} finally {
  await connection.close();
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

test('npm start runs the server with the same Node flags as benchmarks and tests', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } };
  expect(pkg.scripts.start).toContain(`exec node ${SERVER_NODE_FLAGS.join(' ')} src/server/main.ts`);
});

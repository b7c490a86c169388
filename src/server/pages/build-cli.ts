import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildPages, REACT_ROUTER_BUILD } from './build-pages.ts';

// `npm run build`: the pages built into a folder of their own and switched in (build-pages.ts).
// `npm start` runs it with --if-changed: nothing is built when the served build is current.
// --root and --command are for the tests (another project folder, a stand-in for React Router).
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    'if-changed': { type: 'boolean', default: false },
    root: { type: 'string' },
    command: { type: 'string', default: REACT_ROUTER_BUILD },
  },
});
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '../../..'));
const log = (line: string) => process.stderr.write(`${line}\n`);
try {
  const started = performance.now();
  const result = await buildPages({ root, command: values.command, ifChanged: values['if-changed'], log });
  log(
    result === 'current'
      ? '빌드가 최신입니다 / the build is current'
      : `빌드 완료 / built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (err) {
  log(`빌드하지 못했습니다 / build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

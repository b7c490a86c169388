import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

// `npm start` builds the pages only when the build is not current, and a rebuild never takes a
// running server's files away (issue #31, finding 10). The build step runs as npm start runs it,
// as a process, in a project of its own with a stand-in for React Router's build (which takes
// minutes): it writes the files a server needs, slowly, and notes each run.

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
const BUILD_CLI = 'src/server/pages/build-cli.ts';

/** Writes server/index.js and a compressed asset into HANIN_BUILD_DIR over STAND_IN_MS, as the
 * real build empties and fills its folder, and adds a line to runs.log. */
const STAND_IN = `
import fs from 'node:fs';
import path from 'node:path';
const dir = process.env.HANIN_BUILD_DIR;
fs.appendFileSync('runs.log', dir + '\\n');
fs.rmSync(dir, { recursive: true, force: true });
await new Promise((r) => setTimeout(r, Number(process.env.STAND_IN_MS ?? 300) / 2));
fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
fs.writeFileSync(path.join(dir, 'server/index.js'), 'export const built = ' + JSON.stringify(fs.readFileSync('src/web/page.ts', 'utf8')) + ';\\n');
await new Promise((r) => setTimeout(r, Number(process.env.STAND_IN_MS ?? 300) / 2));
fs.mkdirSync(path.join(dir, 'client/assets'), { recursive: true });
fs.writeFileSync(path.join(dir, 'client/assets/app.js.gz'), 'compressed');
`;

let project: string;
beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'hanin-build-'));
  fs.mkdirSync(path.join(project, 'src/web'), { recursive: true });
  fs.writeFileSync(path.join(project, 'src/web/page.ts'), 'one');
  fs.writeFileSync(path.join(project, 'package-lock.json'), '{}');
  fs.writeFileSync(path.join(project, 'stand-in-build.mjs'), STAND_IN);
});
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The start-time build step, as package.json's start script runs it. */
function startStep(standInMs = 300): Promise<Run> {
  const command = `${JSON.stringify(process.execPath)} stand-in-build.mjs`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT_DIR, BUILD_CLI), '--if-changed', '--root', project, '--command', command],
      { env: { PATH: process.env.PATH, STAND_IN_MS: String(standInMs) }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const runs = () => fs.readFileSync(path.join(project, 'runs.log'), 'utf8').trim().split('\n').length;
const served = () => fs.realpathSync(path.join(project, 'build'));

test('npm start runs this build step before the server', () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.start).toMatch(new RegExp(`^node ${BUILD_CLI} --if-changed && `));
});

test('two starts at once build once; a start with nothing changed does not build again', async () => {
  const [a, b] = await Promise.all([startStep(), startStep()]);
  expect([a.code, b.code], `${a.stderr}\n${b.stderr}`).toEqual([0, 0]);
  expect(runs()).toBe(1);
  const index = path.join(project, 'build/server/index.js');
  expect(fs.readFileSync(index, 'utf8')).toContain('one');
  const before = { dir: served(), mtime: fs.statSync(index).mtimeMs };

  const again = await startStep();
  expect(again.code, again.stderr).toBe(0);
  expect(runs()).toBe(1);
  expect({ dir: served(), mtime: fs.statSync(index).mtimeMs }).toEqual(before);
});

test('while a changed source is built, the running build keeps every file, and stays after the switch', async () => {
  const running = served();
  const runningIndex = path.join(running, 'server/index.js');
  // What a running server holds: build/server/index.js as imported at its start (its real
  // folder), and the compressed assets it serves from there.
  const needed = [path.join(project, 'build/server/index.js'), runningIndex, path.join(running, 'client/assets/app.js.gz')];
  fs.writeFileSync(path.join(project, 'src/web/page.ts'), 'two');
  const building = startStep(1500);
  let looks = 0;
  const missing = new Set<string>();
  let done = false;
  void building.then(() => {
    done = true;
  });
  while (!done) {
    for (const file of needed) {
      try {
        fs.readFileSync(file);
      } catch {
        missing.add(file);
      }
    }
    looks++;
    await new Promise((r) => setTimeout(r, 2));
  }
  const result = await building;
  expect(result.code, result.stderr).toBe(0);
  expect(looks).toBeGreaterThan(50);
  expect([...missing]).toEqual([]);
  expect(runs()).toBe(2);
  expect(served()).not.toBe(running);
  expect(fs.readFileSync(path.join(project, 'build/server/index.js'), 'utf8')).toContain('two');
  expect(fs.readFileSync(runningIndex, 'utf8')).toContain('one');
});

test('the newest previous builds are kept, older ones pruned; a lock left by a dead process does not stop a build', async () => {
  for (const content of ['three', 'four', 'five']) {
    fs.writeFileSync(path.join(project, 'src/web/page.ts'), content);
    if (content === 'five') fs.writeFileSync(path.join(project, 'builds/.lock'), '999999999');
    const res = await startStep();
    expect(res.code, res.stderr).toBe(0);
  }
  const kept = fs.readdirSync(path.join(project, 'builds')).filter((n) => !n.startsWith('.'));
  const contents = kept
    .map((n) => fs.readFileSync(path.join(project, 'builds', n, 'server/index.js'), 'utf8').match(/"(\w+)"/)?.[1])
    .sort();
  expect(contents).toEqual(['five', 'four', 'three']);
  expect(fs.readFileSync(path.join(project, 'build/server/index.js'), 'utf8')).toContain('five');
});

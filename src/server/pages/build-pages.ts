import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_LINK, BUILDS_DIR } from './build-dir.ts';

// The page build (React Router's server and browser files), made so that a running server never
// loses its files and a start does not rebuild what is built (docs/decisions/0060-private-data-dir-restore-check-one-build.md,
// "one build for several starts"). Each build goes into a folder of its own under builds/, React Router writing
// there (react-router.config.ts reads HANIN_BUILD_DIR); once whole it is stamped, and build/, a
// symbolic link, is switched to it by a rename, which is atomic. A server resolves build/ once,
// at start (build-dir.ts), and goes on using its own folder, which is kept while newer builds
// come. The stamp is a hash of everything a build is made from: a start whose stamp is the served
// build's builds nothing. One build at a time (a lock in builds/); a start that waited for another's
// build finds it current.

/** What a build is made from, besides everything under src/ (the web app, and the server and
 * shared code its routes import). The lock file pins the dependencies. */
const INPUT_FILES = ['package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json'];
const INPUT_DIR = 'src';

/** Written last into a build's folder: a folder without it is not a whole build. */
const STAMP_FILE = 'build-stamp';
/** Builds kept besides the current one, the most recently served first: servers started on them
 * may still be running (a deploy that builds twice while an older server drains). */
const PREVIOUS_KEPT = 2;
const LOCK = '.lock';
/** A lock older than this is a dead build's, whatever its process id now names. */
const LOCK_STALE_MS = 30 * 60_000;
/** A folder without a stamp this old is a build that was killed midway. */
const PARTIAL_STALE_MS = 24 * 3600_000;

export const REACT_ROUTER_BUILD = 'react-router typegen && react-router build';

export interface BuildOptions {
  /** The project folder (package.json's). */
  root: string;
  /** Run by `sh -c` in root with node_modules/.bin on the PATH; writes into $HANIN_BUILD_DIR. */
  command: string;
  /** Build only when the served build's stamp differs (npm start); otherwise always (npm run build). */
  ifChanged: boolean;
  log: (line: string) => void;
}

export async function buildPages(o: BuildOptions): Promise<'built' | 'current'> {
  const builds = path.join(o.root, BUILDS_DIR);
  fs.mkdirSync(builds, { recursive: true });
  const stamp = buildStamp(o.root);
  if (o.ifChanged && servedStamp(o.root) === stamp) return 'current';
  const release = await takeLock(builds, o.log);
  try {
    // Another start may have built it while this one waited.
    if (o.ifChanged && servedStamp(o.root) === stamp) return 'current';
    const name = `${stamp.slice(0, 12)}-${Date.now().toString(36)}`;
    const dir = path.join(builds, name);
    try {
      await run(o.command, o.root, dir);
      fs.writeFileSync(path.join(dir, STAMP_FILE), stamp);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    switchTo(o.root, name);
    prune(builds, name);
    return 'built';
  } finally {
    release();
  }
}

/** A hash of every input file's name and bytes, in a fixed order. */
export function buildStamp(root: string): string {
  const hash = crypto.createHash('sha256');
  const under = fs
    .readdirSync(path.join(root, INPUT_DIR), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
  for (const file of [...INPUT_FILES, ...under.sort()]) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(root, file));
    } catch {
      continue;
    }
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

function servedStamp(root: string): string | undefined {
  try {
    return fs.readFileSync(path.join(root, BUILD_LINK, STAMP_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

function run(command: string, root: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        HANIN_BUILD_DIR: dir,
      },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command}: exit ${code ?? signal}`))));
  });
}

/** build/ to the new folder: a link made beside it, renamed over it. A build/ folder of an
 * earlier version (a real folder, not a link) is moved aside into builds/ first, once; a server
 * still running from it then finds its assets gone, which this switch prevents from now on. */
function switchTo(root: string, name: string): void {
  const link = path.join(root, BUILD_LINK);
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) fs.renameSync(link, path.join(root, BUILDS_DIR, `earlier-${Date.now().toString(36)}`));
  const next = `${link}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.join(BUILDS_DIR, name), next);
  fs.renameSync(next, link);
  // Its time is when it was last switched to: the order in which older builds are pruned.
  const now = new Date();
  fs.utimesSync(path.join(root, BUILDS_DIR, name), now, now);
}

/** Keeps the current build and the PREVIOUS_KEPT served last; removes the rest, and folders of
 * builds killed midway. */
function prune(builds: string, current: string): void {
  const folders = fs
    .readdirSync(builds, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== current)
    .map((d) => {
      const dir = path.join(builds, d.name);
      const whole = d.name.startsWith('earlier-') || fs.existsSync(path.join(dir, STAMP_FILE));
      return { dir, whole, time: fs.statSync(dir).mtimeMs };
    })
    .sort((a, b) => b.time - a.time);
  const whole = folders.filter((f) => f.whole);
  const partial = folders.filter((f) => !f.whole && Date.now() - f.time > PARTIAL_STALE_MS);
  for (const f of [...whole.slice(PREVIOUS_KEPT), ...partial]) fs.rmSync(f.dir, { recursive: true, force: true });
}

/** One build at a time: a file made with O_EXCL, holding the builder's process id. A lock whose
 * process is gone, or too old, is taken over. The lock only saves work: two builds at once would
 * each write a folder of their own and switch build/ whole. */
async function takeLock(builds: string, log: (line: string) => void): Promise<() => void> {
  const file = path.join(builds, LOCK);
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
    const holder = lockHolder(file);
    if (holder === 'stale') {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!told && holder !== 'gone') {
      log(`다른 빌드를 기다립니다 / waiting for the build of process ${holder}`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The lock's process id while it may still be building; 'stale' when not; 'gone' when the lock
 * went meanwhile (or is being written: an empty file a moment old). */
function lockHolder(file: string): number | 'stale' | 'gone' {
  let text: string;
  let age: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 'gone';
  }
  if (age > LOCK_STALE_MS) return 'stale';
  const pid = Number(text);
  if (!text || !Number.isInteger(pid)) return age > 5000 ? 'stale' : 'gone';
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM' ? pid : 'stale';
  }
}

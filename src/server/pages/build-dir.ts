import fs from 'node:fs';
import path from 'node:path';

// Where the page build lives (pages/build-pages.ts makes it): each build in a folder of its own
// under builds/, and build/ a symbolic link to the current one, switched when a newer one is whole.

/** The link a server follows at start, and what tests and benches read. */
export const BUILD_LINK = 'build';
/** The builds' own folders. */
export const BUILDS_DIR = 'builds';

const served = new Map<string, string>();

/** The build this process serves, build/ resolved to its folder once, at the first ask: the
 * server's modules (pages.ts, the render threads) and the assets it sends then come from one
 * build for its whole life, while a rebuild switches build/ for the next start. No build yet:
 * build/ as it is, asked again next time (pages answer 500 until one is made, as before). */
export function servedBuild(root: string): string {
  const known = served.get(root);
  if (known) return known;
  const link = path.join(root, BUILD_LINK);
  try {
    const dir = fs.realpathSync(link);
    served.set(root, dir);
    return dir;
  } catch {
    return link;
  }
}

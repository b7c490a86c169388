import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

// ARCHITECTURE.md's import directions, as biome.json's noRestrictedImports overrides enforce them:
// small files with one import each are written into a fresh folder under each src/ folder the
// overrides name, and the project's own Biome lints them. Without the rules every refused import
// below would pass.

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
/** A folder of its own in each place (under features it is one more feature). */
const FIXTURE = `__import-rules-${process.pid}-${Date.now()}`;

interface Case {
  /** The src/ folder the importing file lives in. */
  folder: string;
  from: string;
  refused: boolean;
  /** The file's role suffix (`.service`, `.api`): rules differ by role inside a module. */
  role?: string;
}

const refused = (folder: string, ...from: string[]): Case[] => from.map((f) => ({ folder, from: f, refused: true }));
const allowed = (folder: string, ...from: string[]): Case[] => from.map((f) => ({ folder, from: f, refused: false }));
const as = (role: string, cases: Case[]): Case[] => cases.map((c) => ({ ...c, role }));

const CASES: Case[] = [
  ...refused(
    'src/shared',
    '#server/http/context.ts',
    '#web/lib/session.ts',
    '#tests/support/test-app.ts',
    'node:crypto',
    'node:fs/promises',
    'react',
    'react-router',
    'kysely',
    '../../server/env.ts',
  ),
  ...allowed('src/shared', '../enums.ts', './local.ts', 'zod'),
  ...refused('src/web/components', '#server/http/context.ts', '#tests/support/browser.ts', '../../../server/env.ts'),
  ...allowed('src/web/components', '#shared/sections.ts', '../../lib/screen-store.ts', '../ui/modal.tsx', 'react'),
  ...refused(
    'src/web/features',
    '#server/modules/content.api.ts',
    '#tests/support/test-app.ts',
    '../board/board-list.tsx',
    '../board',
    '../../features/board/board-list.tsx',
    '#web/features/board/board-list.tsx',
  ),
  ...allowed(
    'src/web/features',
    './own-part.tsx',
    '../../lib/api-failure.ts',
    '../../components/ui/rich-text.tsx',
    '#shared/sections.ts',
    '#web/lib/screen-store.ts',
  ),
  // Routes compose features and call services in their loaders, never SQL or the API's adapters.
  ...allowed('src/web/routes', '#server/modules/content/content.service.ts', '../../features/board/board-list.tsx'),
  ...refused(
    'src/web/routes',
    '#tests/support/test-app.ts',
    '#server/modules/board/board.repository.ts',
    '#server/db/list-query.ts',
    '#server/modules/content/content.api.ts',
  ),
  ...refused('src/web/lib', '#server/modules/user/user.repository.ts'),
  // web/lib runs in the browser, but for its *.server.ts files, which loaders and actions use.
  ...refused('src/web/lib', '#server/context.ts', '#server/modules/content/content.service.ts', '../../../server/env.ts'),
  ...allowed('src/web/lib', '#shared/sections.ts', './own.ts'),
  ...as('.server', allowed('src/web/lib', '#server/context.ts', '#server/lib/ip-allow.ts')),
  ...as('.server', refused('src/web/lib', '#server/db/database.ts')),
  // Services, repositories and policies know no HTTP; a module reaches another through its service.
  ...as(
    '.service',
    refused(
      'src/server/modules',
      '#server/http/envelope.ts',
      '../../http/auth.ts',
      'hono',
      'hono/cookie',
      '@hono/node-server',
      '#server/modules/user/user.repository.ts',
    ),
  ),
  ...as('.service', allowed('src/server/modules', './own.repository.ts', '#server/modules/user/user.service.ts', '#server/context.ts')),
  ...as('.repository', refused('src/server/modules', '#server/http/context.ts')),
  ...as('.service', refused('src/server/modules', '#web/lib/me.ts', '../../../web/routes/admin.tsx')),
  ...as('.policy', refused('src/server/modules', '#server/http/auth.ts')),
  // The API's adapters are where HTTP meets the services.
  ...as('.api', allowed('src/server/modules', '#server/http/envelope.ts', 'hono', './own.service.ts')),
  ...refused('src/server/db', '#server/http/context.ts', 'hono'),
  // The layers: db below cache, cache below pages and the modules.
  ...refused(
    'src/server/db',
    '#server/cache/answer-cache.ts',
    '../../cache/shows.ts',
    '#server/pages/page-cache.ts',
    '#server/modules/search/search.repository.ts',
    '#server/modules/user/user.service.ts',
    '#web/lib/me.ts',
  ),
  ...allowed('src/server/db', '#server/db/write-tracker.ts', '../write-tracker.ts', '#server/lib/logger.ts', '#shared/format.ts'),
  // Migrations hold what they need: no live code (docs/decisions/0063-frozen-migrations-upgrade-fixtures.md).
  ...refused(
    'src/server/db/migrations',
    '#shared/enums.ts',
    '#shared/sections.ts',
    '#shared/format.ts',
    '../../../shared/format.ts',
    '../../counters.ts',
    '#server/modules/search/search.repository.ts',
    '#server/cache/shows.ts',
    '#web/lib/me.ts',
  ),
  ...allowed('src/server/db/migrations', '../../migration-kit.ts', '#server/db/migration-kit.ts', 'kysely', 'node:crypto'),
  ...refused('src/server/lib', '#server/http/envelope.ts'),
  ...refused('src/server/cache', 'hono/utils/cookie'),
  ...refused(
    'src/server/cache',
    '#server/pages/compress.ts',
    '../../pages/pages.ts',
    '#server/modules/view/view.service.ts',
    '#web/lib/me.ts',
  ),
  ...allowed('src/server/cache', '#server/db/write-tracker.ts', '../answer-cache.ts'),
  ...allowed('src/server/pages', '#server/cache/answer-cache.ts', '#server/modules/view/view.service.ts'),
  ...refused('src/server/http', '#web/lib/me.ts', '#web/routes/admin.tsx'),
  ...refused('src/server/seed', '#server/http/context.ts'),
  // Migrations and the seed write rows directly (ARCHITECTURE.md).
  ...allowed('src/server/seed', '#server/modules/user/user.repository.ts'),
  ...allowed('src/server/http', 'hono', '#server/modules/auth/actor.policy.ts'),
  ...refused(
    'src/server',
    '#tests/support/test-app.ts',
    '../../../tests/support/test-app.ts',
    '#web/entry.server.tsx',
    '../../web/root.tsx',
  ),
  ...allowed('src/server', '#server/env.ts', '#shared/errors.ts', 'node:fs'),
];

const fileOf = (i: number) => path.join(CASES[i]!.folder, FIXTURE, `case-${i}${CASES[i]!.role ?? ''}.ts`);
const folders = [...new Set(CASES.map((c) => path.join(c.folder, FIXTURE)))];
/** Restricted-import diagnostics per fixture file. */
const reported = new Map<string, string[]>();

beforeAll(() => {
  try {
    CASES.forEach((c, i) => {
      mkdirSync(path.join(ROOT, path.dirname(fileOf(i))), { recursive: true });
      writeFileSync(path.join(ROOT, fileOf(i)), `import { x } from '${c.from}';\n\nexport const y = x;\n`);
    });
    // Biome exits with 1 when it reports anything: the JSON on stdout is the answer either way.
    const run = spawnSync(
      process.execPath,
      [BIOME, 'lint', '--only=style/noRestrictedImports', '--reporter=json', '--max-diagnostics=none', ...folders],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const json = run.stdout.slice(run.stdout.indexOf('{'));
    const out = JSON.parse(json) as { diagnostics: { category: string; location: { path: string }; message?: string }[] };
    for (const d of out.diagnostics) {
      if (d.category !== 'lint/style/noRestrictedImports') continue;
      const file = path.relative(ROOT, path.resolve(ROOT, d.location.path));
      reported.set(file, [...(reported.get(file) ?? []), d.message ?? '']);
    }
  } finally {
    for (const f of folders) rmSync(path.join(ROOT, f), { recursive: true, force: true });
  }
}, 60_000);

afterAll(() => {
  for (const f of folders) rmSync(path.join(ROOT, f), { recursive: true, force: true });
});

test.each(CASES.map((c, i) => [c.refused ? 'refuses' : 'allows', c.from, `${c.folder}/*${c.role ?? ''}.ts`, i] as const))(
  'lint %s an import of %s in %s',
  (_verb, _from, _folder, i) => {
    expect(reported.has(fileOf(i)), fileOf(i)).toBe(CASES[i]!.refused);
  },
);

// context.ts is one file: its cases are linted as that file in a copy of the project's rules in a
// folder of their own, so that the real file is never touched.
test.each([
  ['refuses', '#server/modules/mail/mail.service.ts', true],
  ['refuses', './modules/view/view.service.ts', true],
  ['refuses', '#web/lib/me.ts', true],
  ['allows', '#server/modules/mail/mail-queue.ts', false],
  ['allows', '#server/db/database.ts', false],
] as const)('lint %s an import of %s in src/server/context.ts', (_verb, from, refusedImport) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  try {
    mkdirSync(path.join(root, 'src/server'), { recursive: true });
    copyFileSync(path.join(ROOT, 'biome.json'), path.join(root, 'biome.json'));
    writeFileSync(path.join(root, 'src/server/context.ts'), `import type { x } from '${from}';\n\nexport type Y = x;\n`);
    const run = spawnSync(process.execPath, [BIOME, 'lint', '--only=style/noRestrictedImports', '--reporter=json', 'src'], {
      cwd: root,
      encoding: 'utf8',
    });
    const out = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { diagnostics: { category: string }[] };
    expect(out.diagnostics.some((d) => d.category === 'lint/style/noRestrictedImports')).toBe(refusedImport);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// Import cycles: two files that import each other at run time are refused; a type-only import
// back (erased by the compiler) is no cycle at run time and is allowed.
test('lint refuses an import cycle, and allows one closed only by a type import', () => {
  const folder = path.join('src/server', `${FIXTURE}-cycles`);
  const write = (name: string, text: string) => writeFileSync(path.join(ROOT, folder, name), text);
  try {
    mkdirSync(path.join(ROOT, folder), { recursive: true });
    write('a.ts', "import { b } from './b.ts';\n\nexport const a = () => b;\n");
    write('b.ts', `import { a } from '#server/${path.basename(folder)}/a.ts';\n\nexport const b = () => a;\n`);
    write('c.ts', "import { d } from './d.ts';\n\nexport const c = () => d;\nexport type C = number;\n");
    write('d.ts', "import type { C } from './c.ts';\n\nexport const d = (n: C) => n;\n");
    const run = spawnSync(process.execPath, [BIOME, 'lint', '--only=suspicious/noImportCycles', '--reporter=json', folder], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const out = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    const files = out.diagnostics.filter((d) => d.category === 'lint/suspicious/noImportCycles').map((d) => path.basename(d.location.path));
    expect(files.sort()).toEqual(['a.ts', 'b.ts']);
  } finally {
    rmSync(path.join(ROOT, folder), { recursive: true, force: true });
  }
}, 60_000);

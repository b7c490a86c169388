import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
  ...as('.policy', refused('src/server/modules', '#server/http/auth.ts')),
  // The API's adapters are where HTTP meets the services.
  ...as('.api', allowed('src/server/modules', '#server/http/envelope.ts', 'hono', './own.service.ts')),
  ...refused('src/server/db', '#server/http/context.ts', 'hono'),
  ...refused('src/server/lib', '#server/http/envelope.ts'),
  ...refused('src/server/cache', 'hono/utils/cookie'),
  ...refused('src/server/seed', '#server/http/context.ts'),
  // Migrations and the seed write rows directly (ARCHITECTURE.md).
  ...allowed('src/server/seed', '#server/modules/user/user.repository.ts'),
  ...allowed('src/server/http', 'hono', '#server/modules/auth/actor.policy.ts'),
  ...refused('src/server', '#tests/support/test-app.ts', '../../../tests/support/test-app.ts'),
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

/** The layer rules of .dependency-cruiser.mjs fail on a planted breach of each and on a cycle, and pass imports along the arrows. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Run through the project's Node 24: dependency-cruiser refuses the machine's Node 20, which its shebang would pick.
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const run = promisify(execFile);

/** A file that imports `target` (a path from the tree's root, or a package name). */
function importing(from: string, target: string): string {
  const specifier = target.startsWith('src/') ? path.relative(path.dirname(from), target).replace(/^(?!\.)/, './') : target;
  return `import * as planted from '${specifier}';\nexport const value = planted;\n`;
}

let tree: string | undefined;
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes `files` into a fresh folder with the project's node_modules and runs the layer check there. */
async function check(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  tree = await mkdtemp(path.join(tmpdir(), 'couvert-layers-'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  await writeFile(path.join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true } }));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    await writeFile(path.join(tree, file), content);
  }
  try {
    const { stdout } = await run(NODE, [DEPCRUISE, 'src', '--config', path.join(ROOT, '.dependency-cruiser.mjs'), '--output-type', 'err'], { cwd: tree });
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** One planted import per rule: [rule, importing file, imported file or package]; every path is its own. */
const breaches: [string, string, string][] = [
  ['site-never-server', 'src/islands/home/Home.tsx', 'src/server/domain/rule.ts'],
  ['server-never-site', 'src/server/routes/site.ts', 'src/stores/b.ts'],
  ['shared-stands-alone', 'src/shared/a.ts', 'src/server/domain/rule.ts'],
  ['server-routes', 'src/server/routes/a.ts', 'src/server/jobs/b.ts'],
  ['server-jobs', 'src/server/jobs/a.ts', 'src/server/routes/b.ts'],
  ['server-services', 'src/server/services/a.ts', 'src/server/routes/b.ts'],
  ['server-auth', 'src/server/auth/a.ts', 'src/server/services/b.ts'],
  ['server-db', 'src/server/db/a.ts', 'src/server/auth/b.ts'],
  ['server-domain', 'src/server/domain/a.ts', 'src/server/i18n/texts.ts'],
  ['domain-no-io', 'src/server/domain/http.ts', 'fastify'],
  ['queries-in-db', 'src/server/services/query.ts', 'drizzle-orm'],
  ['server-mail', 'src/server/mail/a.ts', 'src/server/db/store.ts'],
  ['server-pages', 'src/server/pages/a.ts', 'src/server/services/b.ts'],
  ['server-realtime', 'src/server/realtime/a.ts', 'src/server/db/store.ts'],
  ['server-i18n', 'src/server/i18n/a.ts', 'src/server/domain/rule.ts'],
  ['stores-below-islands', 'src/stores/a.ts', 'src/islands/home/Home.tsx'],
  ['lib-below-stores', 'src/lib/a.ts', 'src/stores/b.ts'],
  ['screens-apart', 'src/islands/home/Page.tsx', 'src/islands/tracking/Tracking.tsx'],
  ['no-circular', 'src/lib/cycle-a.ts', 'src/lib/cycle-b.ts'],
];

/** A tree holding every breach (the cycle's second half included); leaves are plain modules. */
function plantedTree(): Record<string, string> {
  const files: Record<string, string> = { 'src/lib/cycle-b.ts': importing('src/lib/cycle-b.ts', 'src/lib/cycle-a.ts') };
  for (const [, , to] of breaches) if (to.startsWith('src/')) files[to] ??= 'export const leaf = 1;\n';
  for (const [, from, to] of breaches) files[from] = importing(from, to);
  return files;
}

describe('the layer rules', () => {
  // One run over one tree with every breach planted: dependency-cruiser takes seconds per run on a busy machine.
  test('fail on a planted breach of each rule and on a cycle, naming the rule and the file', { timeout: 120_000 }, async () => {
    const result = await check(plantedTree());
    expect(result.ok).toBe(false);
    for (const [rule, from] of breaches) expect(result.output, rule).toContain(`${rule}: ${from}`);
  });

  test('pass imports along the arrows', { timeout: 120_000 }, async () => {
    const result = await check({
      'src/server/routes/a.ts': importing('src/server/routes/a.ts', 'src/server/services/b.ts'),
      'src/server/services/b.ts': importing('src/server/services/b.ts', 'src/server/db/c.ts'),
      'src/server/db/c.ts': importing('src/server/db/c.ts', 'src/server/domain/d.ts'),
      'src/server/db/query.ts': importing('src/server/db/query.ts', 'drizzle-orm'),
      'src/server/services/mailing.ts': importing('src/server/services/mailing.ts', 'src/server/mail/m.ts'),
      'src/server/mail/m.ts': importing('src/server/mail/m.ts', 'src/server/i18n/t.ts'),
      'src/server/i18n/t.ts': importing('src/server/i18n/t.ts', 'src/shared/e.ts'),
      'src/server/routes/r.ts': importing('src/server/routes/r.ts', 'src/server/domain/d.ts'),
      'src/server/domain/d.ts': importing('src/server/domain/d.ts', 'src/shared/e.ts'),
      'src/shared/e.ts': 'export const leaf = 1;\n',
      'src/islands/home/Home.tsx': importing('src/islands/home/Home.tsx', 'src/islands/shared/Picker.tsx'),
      'src/islands/shared/Picker.tsx': importing('src/islands/shared/Picker.tsx', 'src/stores/f.ts'),
      'src/stores/f.ts': importing('src/stores/f.ts', 'src/lib/g.ts'),
      'src/lib/g.ts': importing('src/lib/g.ts', 'src/shared/e.ts'),
    });
    expect(result.ok, result.output).toBe(true);
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { CHUNK_GROUPS, codeSplittingGroups, isModule } from '../../scripts/client-chunks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the client chunk groups', () => {
  // A renamed or moved module would silently leave its group and become a file of its own again.
  test.each(CHUNK_GROUPS.flatMap((group) => group.modules.filter((module) => !module.startsWith('\0')).map((module) => [group.name, module])))(
    'group %s names %s, which exists',
    (_group, module) => {
      expect(existsSync(`${ROOT}${module}`)).toBe(true);
    },
  );

  test('each module is in one group only', () => {
    const modules = CHUNK_GROUPS.flatMap((group) => group.modules);
    expect(new Set(modules).size).toBe(modules.length);
  });

  test('a project path matches only that file of the project, with or without a query', () => {
    expect(isModule('/repo/src/lib/routes.ts', 'src/lib/routes.ts', '/repo/')).toBe(true);
    expect(isModule('/repo/src/lib/routes.ts?astro&type=script', 'src/lib/routes.ts', '/repo/')).toBe(true);
    expect(isModule('/elsewhere/src/lib/routes.ts', 'src/lib/routes.ts', '/repo/')).toBe(false);
    expect(isModule('/repo/src/lib/routes.test.ts', 'src/lib/routes.ts', '/repo/')).toBe(false);
  });

  test('a package path matches wherever node_modules really is (a worktree links it), and not a lookalike package', () => {
    expect(isModule('/work/main/node_modules/react/index.js', 'node_modules/react/index.js', '/repo/')).toBe(true);
    expect(isModule('C:\\work\\node_modules\\react\\index.js', 'node_modules/react/index.js', '/repo/')).toBe(true);
    expect(isModule('/work/main/node_modules/preact/index.js', 'node_modules/react/index.js', '/repo/')).toBe(false);
  });

  test('a virtual module matches its id exactly', () => {
    expect(isModule('\0vite/preload-helper.js', '\0vite/preload-helper.js', '/repo/')).toBe(true);
    expect(isModule('/repo/vite/preload-helper.js', '\0vite/preload-helper.js', '/repo/')).toBe(false);
  });

  test('groups keep their order as priorities: the most shared group takes its modules first', () => {
    const groups = codeSplittingGroups('/repo/', [
      { name: 'first', modules: ['src/a.ts'] },
      { name: 'second', modules: ['src/b.ts'] },
    ]);
    expect(groups.map((group) => [group.name, group.priority])).toEqual([
      ['first', 2],
      ['second', 1],
    ]);
    const [first] = groups;
    const test = first!.test as (id: string) => boolean;
    expect(test('/repo/src/a.ts')).toBe(true);
    expect(test('/repo/src/b.ts')).toBe(false);
  });
});

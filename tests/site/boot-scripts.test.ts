import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, test } from 'vitest';
import { buildBootScripts } from '../../scripts/boot-scripts.ts';

describe('building the boot scripts into the site', () => {
  const dirs: string[] = [];
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couvert-boot-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  test('each boot script becomes one classic script with its imports inside and the build settings in place', async () => {
    const [sourceDir, siteDir] = [await folder(), await folder()];
    await mkdir(join(sourceDir, 'lib'));
    await writeFile(join(sourceDir, 'lib', 'api.ts'), 'export const apiBase = (): string => import.meta.env.PUBLIC_API_URL || "";\n');
    await writeFile(
      join(sourceDir, 'start.ts'),
      'import { apiBase } from "./lib/api.ts";\n\n// Started at once.\nglobalThis.result = `${apiBase()}/api/booking/get`;\n',
    );

    expect(await buildBootScripts(sourceDir, siteDir, { PUBLIC_API_URL: 'https://api.example.org' })).toEqual(['start']);

    const built = await readFile(join(siteDir, 'boot', 'start.js'), 'utf8');
    expect(built).not.toMatch(/\bimport\b/);
    expect(built).not.toContain('Started at once');
    const context: { result?: string } = {};
    runInNewContext(built, Object.assign(context, { globalThis: context }));
    expect(context.result).toBe('https://api.example.org/api/booking/get');
  });

  test('without a setting, the script sees it unset', async () => {
    const [sourceDir, siteDir] = [await folder(), await folder()];
    await writeFile(join(sourceDir, 'start.ts'), 'globalThis.result = import.meta.env.PUBLIC_API_URL ?? "unset";\n');
    await buildBootScripts(sourceDir, siteDir, {});
    const context: { result?: string } = {};
    runInNewContext(await readFile(join(siteDir, 'boot', 'start.js'), 'utf8'), Object.assign(context, { globalThis: context }));
    expect(context.result).toBe('unset');
  });

  test('a script that does not compile stops the build', async () => {
    const [sourceDir, siteDir] = [await folder(), await folder()];
    await writeFile(join(sourceDir, 'broken.ts'), 'function (');
    await expect(buildBootScripts(sourceDir, siteDir, {})).rejects.toThrow();
  });
});

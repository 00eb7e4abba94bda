import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, test } from 'vitest';
import { minifyPublicScripts } from '../../scripts/minify-public-scripts.ts';

const SCRIPT = `/*
 * A long comment that explains what the script does, as lang-boot.js has.
 */
(function () {
  // Another comment.
  var answer = 40 + 2;
  globalThis.result = answer;
})();
`;

describe('minifying the public scripts in the built site', () => {
  const dirs: string[] = [];
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couvert-minify-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  test('the built copy of a public script gets smaller and still runs; the source and other files stay as they were', async () => {
    const [publicDir, siteDir] = [await folder(), await folder()];
    await writeFile(join(publicDir, 'boot.js'), SCRIPT);
    await writeFile(join(siteDir, 'boot.js'), SCRIPT);
    await writeFile(join(siteDir, 'sw.js'), SCRIPT);

    expect(await minifyPublicScripts(publicDir, siteDir)).toBe(1);

    const built = await readFile(join(siteDir, 'boot.js'), 'utf8');
    expect(built.length).toBeLessThan(SCRIPT.length / 2);
    expect(built).not.toContain('comment');
    const context: { result?: number } = {};
    runInNewContext(built, Object.assign(context, { globalThis: context }));
    expect(context.result).toBe(42);
    expect(await readFile(join(publicDir, 'boot.js'), 'utf8')).toBe(SCRIPT);
    expect(await readFile(join(siteDir, 'sw.js'), 'utf8')).toBe(SCRIPT);
  });

  test('a script that does not parse stops the build, naming the file', async () => {
    const [publicDir, siteDir] = [await folder(), await folder()];
    await writeFile(join(publicDir, 'broken.js'), 'function (');
    await writeFile(join(siteDir, 'broken.js'), 'function (');
    await expect(minifyPublicScripts(publicDir, siteDir)).rejects.toThrow(/broken\.js/);
  });
});

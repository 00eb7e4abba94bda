/** A built site goes in place through one rename of a link: the folder served before is removed, never someone else's. */
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { currentSiteFolder, siteFolders, swapInSite } from '../../scripts/site-swap.ts';

let folder: string;
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A finished build of `suffix` whose page says `text`, in its staging folder. */
async function built(target: string, suffix: string, text: string): Promise<string> {
  const { building } = siteFolders(target, suffix);
  await mkdir(building);
  await writeFile(path.join(building, 'index.html'), text);
  return building;
}

const page = (target: string) => readFile(path.join(target, 'index.html'), 'utf8');

describe('swapInSite', () => {
  test.each([
    { before: 'no site', make: async () => {} },
    { before: 'a plain site folder', make: (target: string) => mkdir(target).then(() => writeFile(path.join(target, 'index.html'), 'plain')) },
    { before: 'the empty folder a server made', make: (target: string) => mkdir(target) },
  ])('serves the build through a link where there was $before, and leaves only the link and its folder', async ({ make }) => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-site-swap-'));
    const target = path.join(folder, 'site');
    await make(target);

    await swapInSite(await built(target, '1-0000000a', 'first'), target, '1-0000000a');

    expect((await lstat(target)).isSymbolicLink()).toBe(true);
    expect(await readlink(target)).toBe('.site.site-1-0000000a');
    expect(await page(target)).toBe('first');
    expect((await readdir(folder)).sort()).toEqual(['.site.site-1-0000000a', 'site']);
  });

  test('a second build replaces the link and removes the folder the first one served', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-site-swap-'));
    const target = path.join(folder, 'site');
    await swapInSite(await built(target, '1-0000000a', 'first'), target, '1-0000000a');

    await swapInSite(await built(target, '1-0000000b', 'second'), target, '1-0000000b');

    expect(await page(target)).toBe('second');
    expect(await currentSiteFolder(target)).toBe(path.join(folder, '.site.site-1-0000000b'));
    expect((await readdir(folder)).sort()).toEqual(['.site.site-1-0000000b', 'site']);
  });

  test('a link someone pointed at a folder of their own is replaced, and their folder kept', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-site-swap-'));
    const target = path.join(folder, 'site');
    await mkdir(path.join(folder, 'published'));
    await symlink('published', target);

    await swapInSite(await built(target, '1-0000000a', 'first'), target, '1-0000000a');

    expect(await page(target)).toBe('first');
    expect((await readdir(folder)).sort()).toEqual(['.site.site-1-0000000a', 'published', 'site']);
  });
});

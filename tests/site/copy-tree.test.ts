import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyTree, linkTree } from '../../scripts/copy-tree.ts';
import { forEachLimit } from '../../scripts/for-each-limit.ts';

describe('running tasks a few at a time', () => {
  test.each([
    [0, 4],
    [3, 4],
    [50, 4],
    [50, 1],
  ])('%i items, at most %i at once: every item once, never more at once', async (count, limit) => {
    const items = Array.from({ length: count }, (_, i) => i);
    const done: number[] = [];
    let running = 0;
    let most = 0;
    await forEachLimit(items, limit, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item % 3));
      done.push(item);
      running -= 1;
    });
    expect(done.sort((a, b) => a - b)).toEqual(items);
    expect(most).toBeLessThanOrEqual(limit);
    if (count >= limit) expect(most).toBe(limit);
  });
});

describe('copying the media folder into the site', () => {
  test('every file of every folder arrives with its content, into a folder that may not exist yet', async () => {
    const root = await mkdtemp(join(tmpdir(), 'couvert-copy-tree-'));
    try {
      const source = join(root, 'media');
      const files: string[] = [];
      for (let merchant = 0; merchant < 40; merchant += 1) {
        await mkdir(join(source, `m-${merchant}`, 'zones'), { recursive: true });
        for (const name of ['logo.svg', 'banner.svg', 'zones/salle.svg']) {
          const path = join(`m-${merchant}`, name);
          await writeFile(join(source, path), `<svg>${path}</svg>`);
          files.push(path);
        }
      }
      await mkdir(join(source, 'empty'));
      const target = join(root, 'site', 'media');
      expect(await copyTree(source, target)).toBe(files.length);
      for (const path of files) expect(await readFile(join(target, path), 'utf8')).toBe(`<svg>${path}</svg>`);
      expect(await readdir(join(target, 'empty'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('linking the media folder into the site', () => {
  const tree = async (source: string) => {
    const files = ['m-1/logo.svg', 'm-1/zones/salle.svg', 'm-2/banner.svg'];
    for (const path of files) {
      await mkdir(join(source, path, '..'), { recursive: true });
      await writeFile(join(source, path), `<svg>${path}</svg>`);
    }
    await mkdir(join(source, 'empty'));
    return files;
  };

  test('on one file system every file is a hard link to its source (same inode), no bytes written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'couvert-link-tree-'));
    try {
      const files = await tree(join(root, 'media'));
      const target = join(root, 'site', 'media');
      expect(await linkTree(join(root, 'media'), target)).toEqual({ files: files.length, linked: files.length });
      for (const path of files) {
        expect((await stat(join(target, path))).ino).toBe((await stat(join(root, 'media', path))).ino);
        expect(await readFile(join(target, path), 'utf8')).toBe(`<svg>${path}</svg>`);
      }
      expect(await readdir(join(target, 'empty'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  // /dev/shm is a tmpfs on Linux: another file system than the temporary folder's, where a link fails with EXDEV.
  const otherFileSystem = existsSync('/dev/shm');
  test.runIf(otherFileSystem)('across file systems (EXDEV) every file is copied instead', async () => {
    const root = await mkdtemp(join(tmpdir(), 'couvert-link-tree-'));
    const shm = await mkdtemp('/dev/shm/couvert-link-tree-');
    try {
      if ((await stat(root)).dev === (await stat(shm)).dev) return;
      const files = await tree(join(root, 'media'));
      const target = join(shm, 'media');
      expect(await linkTree(join(root, 'media'), target)).toEqual({ files: files.length, linked: 0 });
      for (const path of files) expect(await readFile(join(target, path), 'utf8')).toBe(`<svg>${path}</svg>`);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(shm, { recursive: true, force: true });
    }
  });
});

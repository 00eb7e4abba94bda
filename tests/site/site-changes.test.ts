import { link, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHANGES_FILE, diffSite, hashSiteFiles, purgeAddresses, writeSiteChanges, type SiteChanges } from '../../scripts/site-changes.ts';

describe('the addresses a CDN may hold for a file of the site', () => {
  test.each([
    ['/le-petit-zinc/index.html', ['/le-petit-zinc/index.html', '/le-petit-zinc/', '/le-petit-zinc']],
    ['/index.html', ['/index.html', '/']],
    [
      '/le-petit-zinc/validate/index.html',
      ['/le-petit-zinc/validate/index.html', '/le-petit-zinc/validate/', '/le-petit-zinc/validate', '/le-petit-zinc/validate/*'],
    ],
    ['/le-petit-zinc/booking_complete/index.html', expect.arrayContaining(['/le-petit-zinc/booking_complete/*'])],
    ['/pro/book/index.html', expect.arrayContaining(['/pro/*'])],
    ['/pro/settings/index.html', expect.arrayContaining(['/pro/*/settings'])],
    ['/pro/day-sheet/index.html', expect.arrayContaining(['/pro/*/day-sheet'])],
    ['/_astro/app.B4P0NEeq.js', ['/_astro/app.B4P0NEeq.js']],
  ])('%s', (path, addresses) => {
    expect(purgeAddresses(path)).toEqual(addresses);
  });
});

describe('what a build changed against the one before', () => {
  test('lists added, changed and removed paths and the addresses to purge', () => {
    const changes = diffSite({ '/a/index.html': '1', '/b/index.html': '2', '/old.js': '3' }, { '/a/index.html': '1', '/b/index.html': '9', '/new.js': '4' });
    expect(changes).toEqual({
      purgeAll: false,
      added: ['/new.js'],
      changed: ['/b/index.html'],
      removed: ['/old.js'],
      purge: ['/b', '/b/', '/b/index.html', '/new.js', '/old.js'],
    });
  });

  test('says to purge everything with no previous hashes, or when the not-found page (every unknown address) changed', () => {
    expect(diffSite(null, { '/a.js': '1' }).purgeAll).toBe(true);
    expect(diffSite({ '/404.html': '1' }, { '/404.html': '2' }).purgeAll).toBe(true);
  });

  describe('written into the new site before it replaces the served one', () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), 'couvert-site-changes-'));
    });
    afterAll(() => rm(work, { recursive: true, force: true }));

    test('compares content, ignoring compressed copies and the bookkeeping files', async () => {
      const build = async (name: string, files: Record<string, string>, served: string, builtAt: string) => {
        const dir = join(work, name);
        for (const [path, content] of Object.entries(files)) {
          await mkdir(join(dir, path, '..'), { recursive: true });
          await writeFile(join(dir, path), content);
        }
        await writeSiteChanges(dir, served, builtAt);
        return JSON.parse(await readFile(join(dir, CHANGES_FILE), 'utf8')) as SiteChanges;
      };
      const first = await build('one', { 'a/index.html': 'A', 'b/index.html': 'B', 'b/index.html.br': 'x', 'build-stamp.json': '1' }, join(work, 'none'), 't1');
      expect(first).toMatchObject({ builtAt: 't1', previousBuiltAt: null, purgeAll: true, added: ['/a/index.html', '/b/index.html'] });
      const second = await build(
        'two',
        { 'a/index.html': 'A', 'b/index.html': 'B2', 'b/index.html.br': 'y', 'build-stamp.json': '2' },
        join(work, 'one'),
        't2',
      );
      expect(second).toEqual({
        builtAt: 't2',
        previousBuiltAt: 't1',
        purgeAll: false,
        added: [],
        changed: ['/b/index.html'],
        removed: [],
        purge: ['/b', '/b/', '/b/index.html'],
      });
    });

    test('a file carried over by a hard link keeps its hash unread; one rewritten in place (same inode) is read again', async () => {
      const previous = join(work, 'links-one');
      const next = join(work, 'links-two');
      await mkdir(join(previous, 'a'), { recursive: true });
      await mkdir(join(next, 'a'), { recursive: true });
      await writeFile(join(previous, 'a', 'index.html'), 'A');
      await writeFile(join(previous, 'b.js'), 'B');
      await writeSiteChanges(previous, join(work, 'none'), 't1');
      await link(join(previous, 'a', 'index.html'), join(next, 'a', 'index.html'));
      await link(join(previous, 'b.js'), join(next, 'b.js'));
      await writeFile(join(next, 'b.js'), 'B2');
      const changes = await writeSiteChanges(next, previous, 't2');
      expect(changes).toMatchObject({ added: [], changed: ['/b.js'], removed: [] });
      const hashes = JSON.parse(await readFile(join(next, 'site-files.json'), 'utf8')) as { stamps: Record<string, string> };
      expect(Object.keys(hashes.stamps)).toEqual(['/a/index.html', '/b.js']);
    });

    test('one folder of the site hashed alone, by its URL paths, as the whole site hashes it', async () => {
      const dir = join(work, 'under');
      await mkdir(join(dir, 'media', 'm-1'), { recursive: true });
      await writeFile(join(dir, 'media', 'm-1', 'logo.svg'), '<svg/>');
      await writeFile(join(dir, 'index.html'), 'I');
      const media = await hashSiteFiles(dir, null, 'media');
      expect(Object.keys(media.files)).toEqual(['/media/m-1/logo.svg']);
      expect(media.files['/media/m-1/logo.svg']).toBe((await hashSiteFiles(dir)).files['/media/m-1/logo.svg']);
    });

    test('a hash the build took as it wrote a file is used while the file keeps its stamp, and not once it changed', async () => {
      const dir = join(work, 'written');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'kept.html'), 'K');
      await writeFile(join(dir, 'changed.html'), 'C');
      const stampOf = async (name: string) => {
        const info = await stat(join(dir, name), { bigint: true });
        return `${info.ino}:${info.size}:${info.mtimeNs}`;
      };
      // A hash no reading of the file gives: seen in site-files.json only if the file was not read.
      const written = {
        files: { '/kept.html': 'taken-when-written', '/changed.html': 'taken-when-written' },
        stamps: { '/kept.html': await stampOf('kept.html'), '/changed.html': await stampOf('changed.html') },
      };
      await writeFile(join(dir, 'changed.html'), 'C, longer');
      await writeSiteChanges(dir, join(work, 'none'), 't1', written);
      const hashes = JSON.parse(await readFile(join(dir, 'site-files.json'), 'utf8')) as { files: Record<string, string> };
      expect(hashes.files['/kept.html']).toBe('taken-when-written');
      expect(hashes.files['/changed.html']).toMatch(/^[0-9a-f]{64}$/);
    });

    test("a full build's own record of its folder is taken as it is, sorted by path, without reading the folder again", async () => {
      const dir = join(work, 'whole');
      await mkdir(join(dir, 'a'), { recursive: true });
      await writeFile(join(dir, 'a', 'index.html'), 'A');
      await writeFile(join(dir, 'b.js'), 'B');
      // Hashes no reading gives: seen in site-files.json only if the record was taken as it is.
      const written = { files: { '/b.js': 'recorded-b', '/a/index.html': 'recorded-a' }, stamps: { '/b.js': 'stamp-b', '/a/index.html': 'stamp-a' } };
      await writeSiteChanges(dir, join(work, 'none'), 't1', written, { whole: true });
      const taken = JSON.parse(await readFile(join(dir, 'site-files.json'), 'utf8')) as { files: Record<string, string>; stamps: Record<string, string> };
      expect(Object.entries(taken.files)).toEqual([
        ['/a/index.html', 'recorded-a'],
        ['/b.js', 'recorded-b'],
      ]);
      expect(taken.stamps).toEqual({ '/a/index.html': 'stamp-a', '/b.js': 'stamp-b' });
    });
  });
});

/** A build killed half-way leaves its staging folder and list beside the site; the next build removes them, never a live one's. */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { isAlive, removeDeadBuilds } from '../../scripts/dead-builds.ts';

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The pid of a process that has already ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  expect(isAlive(child.pid!)).toBe(false);
  return child.pid!;
}

describe('removeDeadBuilds', () => {
  test('removes the staging folder, list and retired site of an ended process, and keeps a running one\u2019s and everything else', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-dead-builds-'));
    const dead = endedPid();
    const live = process.pid;
    const names = {
      deadStaging: `.dist.building-${dead}-0a1b2c3d`,
      deadList: `.dist.merchants-${dead}-0a1b2c3d.json`,
      deadRetired: `.dist.old-${dead}-0a1b2c3d`,
      deadGoneMerchant: `.dist.gone-${dead}-0a1b2c3d`,
      liveStaging: `.dist.building-${live}-0a1b2c3d`,
      liveList: `.dist.merchants-${live}-0a1b2c3d.json`,
      otherSite: `.site.building-${dead}-0a1b2c3d`,
      notOurs: `.dist.building-notes`,
    };
    await mkdir(path.join(folder, 'dist'));
    await writeFile(path.join(folder, 'dist', 'index.html'), '<p>served</p>');
    for (const [key, name] of Object.entries(names)) {
      if (name.endsWith('.json')) await writeFile(path.join(folder, name), '[]');
      else await mkdir(path.join(folder, name));
      if (key === 'deadStaging') await writeFile(path.join(folder, name, 'index.html'), '<p>half</p>');
    }

    const removed = await removeDeadBuilds(path.join(folder, 'dist'));

    expect(removed.sort()).toEqual([names.deadStaging, names.deadList, names.deadRetired, names.deadGoneMerchant].sort());
    expect((await readdir(folder)).sort()).toEqual(['dist', names.liveStaging, names.liveList, names.otherSite, names.notOurs].sort());
  });

  test('keeps the build folder the site links to, even an ended process\u2019s, and removes its other folders and links', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-dead-builds-'));
    const dead = endedPid();
    const served = `.dist.site-${dead}-00000001`;
    const replaced = `.dist.site-${dead}-00000002`;
    const link = `.dist.link-${dead}-00000003`;
    for (const name of [served, replaced]) await mkdir(path.join(folder, name));
    await symlink(served, path.join(folder, 'dist'));
    await symlink(replaced, path.join(folder, link));

    const removed = await removeDeadBuilds(path.join(folder, 'dist'));

    expect(removed.sort()).toEqual([replaced, link].sort());
    expect((await readdir(folder)).sort()).toEqual(['dist', served].sort());
    expect(await readlink(path.join(folder, 'dist'))).toBe(served);
  });

  test.each([
    { site: 'nothing', make: async () => {} },
    { site: 'the empty folder a server made at its start', make: (dist: string) => mkdir(dist) },
  ])('puts back the plain site a killed build had moved aside when $site stands in its place', async ({ make }) => {
    folder = await mkdtemp(path.join(tmpdir(), 'couvert-dead-builds-'));
    const dead = endedPid();
    const retired = `.dist.old-${dead}-0a1b2c3d`;
    await mkdir(path.join(folder, retired));
    await writeFile(path.join(folder, retired, 'index.html'), '<p>the old site</p>');
    await make(path.join(folder, 'dist'));

    expect(await removeDeadBuilds(path.join(folder, 'dist'))).toEqual([]);

    expect(await readdir(folder)).toEqual(['dist']);
    expect(await readFile(path.join(folder, 'dist', 'index.html'), 'utf8')).toBe('<p>the old site</p>');
  });

  test('a site folder whose parent does not exist yet has nothing to remove', async () => {
    expect(await removeDeadBuilds(path.join(tmpdir(), 'couvert-no-such-parent', 'dist'))).toEqual([]);
  });
});

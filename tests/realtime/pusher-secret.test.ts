import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { pusherSecretFile, resolvePusherSecret } from '../../src/server/realtime/pusher-secret.ts';

const folders: string[] = [];
async function dataDir(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'couvert-secret-'));
  folders.push(folder);
  return path.join(folder, 'data');
}
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe('without PUSHER_SECRET, each data folder gets its own secret on first start', () => {
  test('it is 256 random bits, kept in DATA_DIR/pusher-secret readable by its owner only, and the same on every start', async () => {
    const dir = await dataDir();
    const secret = await resolvePusherSecret({ dataDir: dir, external: false });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await readFile(pusherSecretFile(dir), 'utf8')).trim()).toBe(secret);
    expect((await stat(pusherSecretFile(dir))).mode & 0o777).toBe(0o600);
    expect(await resolvePusherSecret({ dataDir: dir, external: false })).toBe(secret);
  });

  test('two folders get two secrets, and none is the old documented default', async () => {
    const [a, b] = await Promise.all([dataDir(), dataDir()]);
    const secrets = [await resolvePusherSecret({ dataDir: a, external: false }), await resolvePusherSecret({ dataDir: b, external: false })];
    expect(new Set(secrets).size).toBe(2);
    expect(secrets).not.toContain('couvert-embedded-secret');
  });

  test('processes starting together on one folder agree on one secret', async () => {
    const dir = await dataDir();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolvePusherSecret({ dataDir: dir, external: false })));
    expect(new Set(secrets).size).toBe(1);
  });

  test('a copy of the folder that widened the file is narrowed back to its owner', async () => {
    const dir = await dataDir();
    const secret = await resolvePusherSecret({ dataDir: dir, external: false });
    await chmod(pusherSecretFile(dir), 0o644);
    expect(await resolvePusherSecret({ dataDir: dir, external: false })).toBe(secret);
    expect((await stat(pusherSecretFile(dir))).mode & 0o777).toBe(0o600);
  });

  test('an emptied file is refused, naming it, rather than signing with nothing', async () => {
    const dir = await dataDir();
    await resolvePusherSecret({ dataDir: dir, external: false });
    await writeFile(pusherSecretFile(dir), '');
    await expect(resolvePusherSecret({ dataDir: dir, external: false })).rejects.toThrow(/pusher-secret holds no secret/);
  });
});

describe('a configured PUSHER_SECRET wins; several processes and an external service need one', () => {
  test('a configured secret is used and nothing is written', async () => {
    const dir = await dataDir();
    expect(await resolvePusherSecret({ configured: 'from-the-environment', dataDir: dir, external: false })).toBe('from-the-environment');
    await expect(stat(pusherSecretFile(dir))).rejects.toThrow();
  });

  test.each([
    ['REDIS_URL (processes on several machines)', { redisUrl: 'redis://127.0.0.1:6379', external: false }, /PUSHER_SECRET must be set when REDIS_URL is/],
    ['PUSHER_EXTERNAL=true', { external: true }, /PUSHER_SECRET must be set with PUSHER_EXTERNAL=true/],
  ])('with %s and no PUSHER_SECRET, start-up stops with a message naming it', async (_name, source, message) => {
    await expect(resolvePusherSecret({ dataDir: await dataDir(), ...source })).rejects.toThrow(message);
  });
});

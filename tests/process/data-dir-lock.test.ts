import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartIdentity } from '../../src/server/db/data-dir-lock.ts';
import { cleanUp, REPO_ROOT, tempFolder, waitFor } from './processes.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(cleanUp);

/** A live process that is not Couvert (its pid is what a reused pid would name). */
async function sleeper(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

/** Another process that took the lock through lockDataDir, as `npm start` does. */
async function couvertHolding(dataDir: string): Promise<number> {
  const module = path.join(REPO_ROOT, 'src/server/db/data-dir-lock.ts');
  const script = `const { lockDataDir } = await import(${JSON.stringify(module)}); await lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  // Named like our entry point, so the legacy command-line check sees Node running main.ts.
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, 'src/server/main.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  await waitFor(() => out.includes('locked'), 20_000, 'the other process to lock');
  return child.pid!;
}

async function folder(): Promise<string> {
  return path.join(await tempFolder('lock'), 'data');
}

describe('the data folder lock checks which process holds it, not only that its pid lives', () => {
  test('a lock naming a live process that is not Couvert (a reused pid, with the dead owner\u2019s start) is taken over', async () => {
    const dataDir = await folder();
    const pid = await sleeper();
    const identity = await processStartIdentity(pid);
    expect(identity).toBeDefined();
    await mkdir(dataDir, { recursive: true });
    // The Couvert that wrote this lock started at another time than the process its pid names today.
    await writeFile(path.join(dataDir, 'server.lock'), `${pid}\nlinux:another-boot:12345\n`);
    const release = await lockDataDir(dataDir);
    expect((await readFile(path.join(dataDir, 'server.lock'), 'utf8')).split('\n')[0]).toBe(String(process.pid));
    await release();
  });

  test('a lock of the older form (a pid alone) naming a live process that is not Couvert is taken over', async () => {
    const dataDir = await folder();
    const pid = await sleeper();
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'server.lock'), String(pid));
    const release = await lockDataDir(dataDir);
    await release();
  });

  test('a lock held by a running Couvert is refused, naming its pid', async () => {
    const dataDir = await folder();
    const pid = await couvertHolding(dataDir);
    const refused = await lockDataDir(dataDir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).pid).toBe(pid);
  }, 30_000);

  test('a lock of the older form naming a running Couvert is refused too', async () => {
    const dataDir = await folder();
    const pid = await couvertHolding(dataDir);
    await writeFile(path.join(dataDir, 'server.lock'), String(pid));
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
  }, 30_000);

  test('a lock left by a process that is gone is taken over', async () => {
    const dataDir = await folder();
    const pid = await sleeper();
    const identity = await processStartIdentity(pid);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'server.lock'), `${pid}\n${identity}\n`);
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await waitFor(
      () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      5000,
      'the sleeper to die',
    );
    const release = await lockDataDir(dataDir);
    await release();
  });
});

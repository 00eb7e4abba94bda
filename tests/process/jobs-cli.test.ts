import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openPglite } from '../../src/server/db/database.ts';
import { jobs } from '../../src/server/db/schema.ts';
import { cleanUp, runJobsCli, startServer, tempFolder, waitFor, type ServerProcess } from './processes.ts';

// Each call starts a Node process of its own.
vi.setConfig({ testTimeout: 30_000 });

let dataDir: string;
let failedId: string;
const env = () => ({ DATA_DIR: dataDir, BUILD_SITE: 'never', IMPORT_DEMO: 'never', SITE_DIR: path.join(dataDir, 'site') });

beforeAll(async () => {
  dataDir = path.join(await tempFolder('jobs-cli'), 'data');
  // A job that failed for good, as a crashed gateway would leave it.
  const database = await openPglite(path.join(dataDir, 'pglite'));
  await database.migrate();
  const [row] = await database.db
    .insert(jobs)
    .values({ kind: 'purge_credentials', runAt: new Date(), state: 'failed', attempts: 8, lastError: 'Error: gateway down\n    at somewhere' })
    .returning();
  failedId = row!.id;
  await database.close();
});
afterAll(cleanUp, 30_000);

describe('npm run jobs without a server', () => {
  test('lists the failed job with its first error line', async () => {
    const result = await runJobsCli(['list', 'failed'], env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(failedId);
    expect(result.stdout).toMatch(/failed\s+purge_credentials/);
    expect(result.stdout).toContain('    Error: gateway down');
    expect(result.stdout).not.toContain('at somewhere');
  });

  test.each([[[]], [['list', 'broken']], [['retry']], [['retry', 'not-a-uuid']], [['list', 'failed', 'more']]])('refuses %j with its usage', async (args) => {
    const result = await runJobsCli(args, env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: npm run jobs');
  });

  test('says there is no such job', async () => {
    const result = await runJobsCli(['retry', '00000000-0000-4000-8000-000000000000'], env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No job 00000000-0000-4000-8000-000000000000');
  });
});

describe('npm run jobs while a server runs on the data folder', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(env(), 60_000);
  });

  test('lists through the server, which holds the folder', async () => {
    const result = await runJobsCli(['list'], env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(failedId);
  });

  test('retries the failed job, which the server then runs (a recurring one: pending again, its error gone)', async () => {
    const result = await runJobsCli(['retry', failedId], env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`job ${failedId} is due now`);
    const ranAgain = async () => {
      const listed = (await runJobsCli(['list'], env())).stdout;
      return new RegExp(`${failedId}\\s+pending`).test(listed) && !listed.includes('gateway down');
    };
    await waitFor(ranAgain, 20_000, 'the retried job to run', 500);
  }, 30_000);

  test('stops cleanly, its worker with it', async () => {
    expect(await server.stop('SIGINT', 10_000)).toBe(0);
  });
});

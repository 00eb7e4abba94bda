import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cleanUp, REPO_ROOT, runMerchantCli, startServer, tempFolder, type ServerProcess } from './processes.ts';

const DEMO_DIR = path.join(REPO_ROOT, 'scripts/demo-merchants');
let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  const work = await tempFolder('never-build');
  env = { DATA_DIR: path.join(work, 'data'), SITE_DIR: path.join(work, 'site'), BUILD_SITE: 'never', IMPORT_DEMO: 'never' };
  server = await startServer(env, 60_000);
}, 90_000);
afterAll(async () => {
  await server?.stop('SIGINT', 10_000);
  await cleanUp();
}, 30_000);

describe('a process started with BUILD_SITE=never', () => {
  test('does not rebuild the site after an import it receives, and says so', async () => {
    const result = await runMerchantCli(['import', 'sakura-ramen.json', 'le-petit-zinc.json'], env, DEMO_DIR);
    expect(result.code, result.stderr).toBe(0);
    // The server says it decided not to rebuild (after the rebuild's debounce); a build would have started in its place.
    await server.waitForOutput(/site not rebuilt \(BUILD_SITE=never\)/, 10_000);
    expect(server.stdout() + server.stderr()).not.toMatch(/prerendering|site built|site build failed/);
    expect(existsSync(path.join(env.SITE_DIR!, 'build-stamp.json'))).toBe(false);
    expect((await fetch(`${server.url}/api/booking/merchants`)).ok).toBe(true);
  }, 30_000);
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t.close());

describe('imported merchant images', () => {
  test('are served immutable, and an SVG opened on its own can run nothing', async () => {
    const [file] = await readdir(path.join(t.mediaDir, 'le-petit-zinc'));
    const answer = await t.get(`/media/le-petit-zinc/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(answer.headers['content-security-policy']).toContain('sandbox');
  });
});

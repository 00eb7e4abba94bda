import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

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

import { createReadStream } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wholeFileAnswer } from '../../src/server/routes/whole-file-answer.ts';

let work: string;
let app: FastifyInstance;
const page = () => join(work, 'index.html');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'couvert-whole-file-'));
  app = Fastify();
  app.addHook('onSend', wholeFileAnswer);
  // As @fastify/send does: the file stated by its path, then a page renamed over it, then the stream opened by path.
  app.get<{ Querystring: { next: string } }>('/page', async (request, reply) => {
    const stated = await stat(page());
    reply.header('content-length', stated.size).header('etag', 'W/"old"').header('content-type', 'text/html');
    const stream = createReadStream(page(), { start: 0, end: stated.size - 1 });
    const aside = join(work, '.next.tmp');
    await writeFile(aside, request.query.next);
    await rename(aside, page());
    return stream;
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(work, { recursive: true, force: true });
});

describe('a page renamed over between the stat and the read', () => {
  test.each([
    ['longer', '<p>old</p>', `<p>${'new '.repeat(2000)}</p>`],
    ['shorter', `<p>${'old '.repeat(2000)}</p>`, '<p>new</p>'],
  ])('goes out whole when the new page is %s, with the length and ETag of what is sent', async (_, before, after) => {
    await writeFile(page(), before);
    const answer = await app.inject({ method: 'GET', url: `/page?next=${encodeURIComponent(after)}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(after);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(after)));
    const info = await stat(page());
    expect(answer.headers.etag).toBe(`W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`);
  });

  test('an answer that is not a file stream is left as it is', async () => {
    const plain = Fastify();
    plain.addHook('onSend', wholeFileAnswer);
    plain.get('/json', async () => ({ ok: true }));
    const answer = await plain.inject({ method: 'GET', url: '/json' });
    expect(answer.json()).toEqual({ ok: true });
    await plain.close();
  });
});

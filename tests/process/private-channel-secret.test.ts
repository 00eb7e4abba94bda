import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { signChannel } from '../../src/server/realtime/channel-auth.ts';
import { cleanUp, startServer, tempFolder, type ServerProcess } from './processes.ts';

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  const work = await tempFolder('pusher-secret');
  dataDir = path.join(work, 'data');
  // No PUSHER_SECRET: the server must not sign with a secret anyone can read in the README.
  server = await startServer({ DATA_DIR: dataDir, SITE_DIR: path.join(work, 'site'), BUILD_SITE: 'never', IMPORT_DEMO: 'never' }, 60_000);
}, 90_000);
afterAll(async () => {
  await server?.stop('SIGINT', 10_000);
  await cleanUp();
}, 30_000);

/** Opens a socket, signs a subscription to a private channel with `secret` and says how the server answered. */
async function subscribeSignedWith(secret: string): Promise<string> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/couvert-key?protocol=7`);
  try {
    const frames: Array<{ event: string; data: unknown }> = [];
    const next = () =>
      new Promise<{ event: string; data: unknown }>((resolve, reject) => {
        const early = frames.shift();
        if (early) return resolve(early);
        ws.once('message', (data) => resolve(JSON.parse(String(data))));
        ws.once('error', reject);
      });
    const established = await next();
    const socketId = JSON.parse(established.data as string).socket_id as string;
    const channel = 'private-user.00000000-0000-4000-8000-000000000000';
    const { auth } = signChannel({ key: 'couvert-key', secret }, socketId, channel);
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
    return (await next()).event;
  } finally {
    ws.close();
  }
}

describe('npm start without PUSHER_SECRET signs private channels with a secret of its own data folder', () => {
  test('a subscription signed with the old documented default secret is refused', async () => {
    expect(await subscribeSignedWith('couvert-embedded-secret')).toBe('pusher:subscription_error');
  });

  test('one signed with the secret kept in DATA_DIR/pusher-secret is accepted', async () => {
    const secret = (await readFile(path.join(dataDir, 'pusher-secret'), 'utf8')).trim();
    expect(await subscribeSignedWith(secret)).toBe('pusher_internal:subscription_succeeded');
  });
});

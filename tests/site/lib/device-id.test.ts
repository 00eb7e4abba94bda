import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { apiGet, setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { DEVICE_ID_KEY } from '../../../src/lib/api/device-id.ts';
import { installStorage } from '../support/browser-storage.ts';

// A bare HTTP server that records what the client sends: only the request is under test here.
let recorder: Server;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  recorder = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end('{"success":true}');
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => recorder.close(resolve)));
beforeEach(() => {
  installStorage();
  seen.length = 0;
  setApiBaseUrl(`http://127.0.0.1:${(recorder.address() as AddressInfo).port}`);
});

describe('the API client names its device', () => {
  test('every call carries one device id, made on first use and kept in localStorage', async () => {
    await apiGet('/api/server_time');
    await apiGet('/api/server_time');
    const [first, second] = seen.map((headers) => headers['x-couvert-device']);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).toBe(first);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
  });

  test('another browser (fresh storage) gets another id', async () => {
    await apiGet('/api/server_time');
    installStorage();
    await apiGet('/api/server_time');
    expect(seen[1]!['x-couvert-device']).not.toBe(seen[0]!['x-couvert-device']);
  });

  test('a stored id that is not one of ours is replaced', async () => {
    localStorage.setItem(DEVICE_ID_KEY, 'short');
    await apiGet('/api/server_time');
    expect(seen[0]!['x-couvert-device']).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

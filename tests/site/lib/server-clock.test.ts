import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api-client.ts';
import { clockOffset, resetServerClock, serverClockOffset, serverNow, syncServerClock } from '../../../src/lib/server-clock.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ listen: true, now: '2030-06-01T12:00:00Z' });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  resetServerClock();
  setApiBaseUrl(server.url);
});

describe('the server clock', () => {
  test('the offset is measured at the middle of the round trip, the server second counted from its middle', () => {
    expect(clockOffset(1000, 999_000, 999_200)).toBe(1000 * 1000 + 500 - 999_100);
  });

  test('after a sync, serverNow reads the real server clock (to within a second)', async () => {
    await syncServerClock();
    expect(Math.abs(serverNow() - Date.parse('2030-06-01T12:00:00Z'))).toBeLessThan(1000);
  });

  test('a failed sync keeps the previous offset', async () => {
    await syncServerClock();
    const offset = serverClockOffset();
    setApiBaseUrl('http://127.0.0.1:9');
    expect(await syncServerClock()).toBe(offset);
  });

  test('without a sync the local clock is used', () => {
    expect(serverNow(() => 42)).toBe(42);
  });
});

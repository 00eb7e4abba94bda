import { beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { clockOffset, resetServerClock, serverClockOffset, serverNow, syncServerClock } from '../../../src/lib/api/server-clock.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

useBrowserTestServer({ now: '2030-06-01T12:00:00Z' });

beforeEach(() => {
  resetServerClock();
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

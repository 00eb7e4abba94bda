import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, apiGet, apiPost, apiRequest, apiUrl, failureCodeOf, setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { setBearer } from '../../../src/lib/platform/storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();

const errorOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('the API client against the real server', () => {
  test('returns the parsed JSON of a successful call', async () => {
    const answer = await apiGet<{ success: boolean; time: number }>('/api/server_time');
    expect(answer.success).toBe(true);
    expect(answer.time).toBe(Math.floor(Date.parse('2026-11-23T09:00:00Z') / 1000));
  });

  test('a relative path and an absolute one reach the same address', () => {
    expect(apiUrl('api/booking/get')).toBe(`${server.url}/api/booking/get`);
    expect(apiUrl('/api/booking/get')).toBe(`${server.url}/api/booking/get`);
  });

  test('a success:false answer throws ApiError with status, error_code and body', async () => {
    const error = await errorOf(apiPost('/api/booking/booking_merchant/get', { merchant_slug: 'nobody-here' }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('merchant_not_found');
    expect((error.body as { success: boolean }).success).toBe(false);
  });

  test('a validation failure carries the per-field errors in its body', async () => {
    const error = await errorOf(apiPost('/api/booking/booking_zones/get', { merchant_slug: 'le-petit-zinc', date: 'not-a-date' }));
    expect(error.code).toBe('validation_error');
    expect(Object.keys((error.body as { errors: object }).errors)).toContain('date');
  });

  test('the stored bearer is sent as Authorization: an unknown one is refused with 401', async () => {
    setBearer('unknown-bearer-0123456789abcdef');
    const error = await errorOf(apiPost('/api/booking/user/get', {}));
    expect([error.status, error.code]).toEqual([401, 'unauthenticated']);
  });

  test('a valid stored bearer signs the call in', async () => {
    const { bearer } = await server.signIn({ firstname: 'Ada' });
    setBearer(bearer);
    const answer = await apiPost<{ user: { firstname: string } }>('/api/booking/user/get', {});
    expect(answer.user.firstname).toBe('Ada');
  });

  test('a form body is sent form-encoded: the OAuth error comes back as the wire code, read as the catalogue\u2019s', async () => {
    const error = await errorOf(
      apiRequest('/oauth/token', {
        method: 'POST',
        bearer: null,
        form: { grant_type: 'password', client_id: 'nope', client_secret: 'nope', username: 'a@b.c', password: 'x' },
      }),
    );
    expect([error.status, error.wireCode, error.code]).toEqual([401, 'invalid_client', 'internal_error']);
  });

  test('an unreachable server is a network_error with status 0', async () => {
    setApiBaseUrl('http://127.0.0.1:9');
    const error = await errorOf(apiGet('/api/server_time'));
    expect([error.status, error.code]).toEqual([0, 'network_error']);
  });
});

describe('the timeout', () => {
  let silent: Server;

  beforeAll(async () => {
    // A server that never answers: the edge of the world the timeout is for.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  test('a call with no answer in time fails with code timeout', async () => {
    setApiBaseUrl(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const started = Date.now();
    const error = await errorOf(apiGet('/api/server_time', { timeoutMs: 200 }));
    expect([error.status, error.code]).toEqual([0, 'timeout']);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('the one failure code of an Outcome', () => {
  test.each([
    ['a catalogue code', new ApiError(404, 'booking_not_found', null), 'booking_not_found'],
    ['no network', new ApiError(0, 'network_error', null), 'network_error'],
    ['no answer in time', new ApiError(0, 'timeout', null), 'timeout'],
    ['a wrong login (OAuth invalid_grant)', new ApiError(400, 'invalid_grant', null), 'unauthenticated'],
    ['an ill-formed token request (OAuth invalid_request)', new ApiError(400, 'invalid_request', null), 'validation_error'],
    ['a code a newer server added', new ApiError(409, 'some_new_code', null), 'internal_error'],
    ['a server error without a code', new ApiError(502, 'http_502', null), 'internal_error'],
    ['a 401 without a code', new ApiError(401, 'http_401', null), 'unauthenticated'],
    ['a 404 without a code', new ApiError(404, 'http_404', null), 'not_found'],
    ['a 429 without a code', new ApiError(429, 'http_429', null), 'rate_limited'],
    ['anything thrown but an ApiError', new TypeError('failed to fetch'), 'network_error'],
  ])('%s: %s', (_what, error, code) => {
    expect(failureCodeOf(error)).toBe(code);
  });
});

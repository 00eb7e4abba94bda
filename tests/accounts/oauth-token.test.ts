import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false, accounts: { accessTtlSeconds: 600, refreshTtlSeconds: 24 * 3600 } });
const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const PASSWORD = 'a long and rare passphrase';

beforeAll(async () => {
  for (const email of ['ines@example.test', 'rotate@example.test', 'reuse@example.test', 'expire@example.test']) {
    const answer = await t.post('/api/front/user/register', { firstname: 'Inès', lastname: 'Dupont', email, phone: '+33612345678', password: PASSWORD });
    expect(answer.status).toBe(200);
  }
}, 60_000);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.post('/oauth/token', form(fields), { headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const passwordGrant = (username: string, password: string) => postForm({ grant_type: 'password', ...CLIENT, username, password });
const refresh = (refreshToken: string) => postForm({ grant_type: 'refresh_token', ...CLIENT, refresh_token: refreshToken });
const me = (bearer: string) => t.post('/api/booking/user/get', {}, { bearer });

describe('the password grant (RFC 6749 4.3)', () => {
  test('a right login answers an access token, a refresh token and no-store', async () => {
    const answer = await passwordGrant('Ines@Example.test', PASSWORD);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 600, refresh_token: expect.any(String) });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.pragma).toBe('no-cache');
    expect((await me(answer.body.access_token)).status).toBe(200);
  });

  test('the client may authenticate with HTTP Basic, and the body may be JSON', async () => {
    const basic = `Basic ${Buffer.from('couvert-web:couvert-web-secret').toString('base64')}`;
    const viaBasic = await postForm({ grant_type: 'password', username: 'ines@example.test', password: PASSWORD }, { authorization: basic });
    expect(viaBasic.status).toBe(200);
    const viaJson = await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: 'ines@example.test', password: PASSWORD });
    expect(viaJson.status).toBe(200);
  });

  test('a wrong password and an unknown email get the same invalid_grant, giving no hint', async () => {
    const wrong = await passwordGrant('ines@example.test', 'not the password');
    const unknown = await passwordGrant('nobody@example.test', 'not the password');
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'invalid_grant',
        error_description: 'The password is wrong or the account does not exist.',
        message: 'Le mot de passe est erroné ou le compte n’existe pas.',
      });
    }
  });

  test('the invalid_grant message follows Accept-Language; its error_description stays ASCII (RFC 6749 5.2)', async () => {
    const answer = await postForm({ grant_type: 'password', ...CLIENT, username: 'nobody@example.test', password: 'x' }, { 'accept-language': 'es' });
    expect(answer.body.message).toBe('La contraseña es incorrecta o la cuenta no existe.');
    expect(answer.body.error_description).toBe('The password is wrong or the account does not exist.');
  });

  test.each([
    ['grant_type', 'grant_type=password&grant_type=refresh_token'],
    ['password', 'grant_type=password&username=ines%40example.test&password=a&password=b'],
    ['client_secret', 'grant_type=password&username=ines%40example.test&password=a&client_secret=x'],
  ])('a repeated %s is invalid_request (RFC 6749 3.2)', async (name, extra) => {
    const answer = await t.post('/oauth/token', `client_id=couvert-web&client_secret=couvert-web-secret&${extra}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_request', error_description: `The parameter ${name} is repeated.` });
  });

  test('HTTP Basic and client credentials in the body at once is invalid_request (RFC 6749 2.3), even when both are right', async () => {
    const basic = `Basic ${Buffer.from('couvert-web:couvert-web-secret').toString('base64')}`;
    const answer = await postForm({ grant_type: 'password', ...CLIENT, username: 'ines@example.test', password: PASSWORD }, { authorization: basic });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });

  test.each([
    ['a wrong client secret', { ...CLIENT, client_secret: 'guess' }, 401, 'invalid_client'],
    ['no client at all', {}, 401, 'invalid_client'],
    ['no grant_type', { ...CLIENT }, 400, 'invalid_request'],
    ['an unsupported grant', { ...CLIENT, grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
    ['a password grant without password', { ...CLIENT, grant_type: 'password', username: 'ines@example.test' }, 400, 'invalid_request'],
    ['a refresh grant without refresh_token', { ...CLIENT, grant_type: 'refresh_token' }, 400, 'invalid_request'],
  ])('%s is %s %s', async (_name, fields, status, error) => {
    const answer = await postForm(fields as Record<string, string>);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(error);
    expect(answer.body.error_description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
  });

  test('a wrong client secret over HTTP Basic gets a Basic challenge', async () => {
    const answer = await postForm(
      { grant_type: 'password', username: 'a', password: 'b' },
      { authorization: `Basic ${Buffer.from('couvert-web:nope').toString('base64')}` },
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Basic /);
  });
});

describe('the refresh_token grant rotates both tokens', () => {
  test('a refresh gives a new pair and ends the old bearer', async () => {
    const first = (await passwordGrant('rotate@example.test', PASSWORD)).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(first.access_token)).status).toBe(401);
    expect((await me(second.body.access_token)).status).toBe(200);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
  });

  test('a reused refresh token revokes its whole family', async () => {
    const first = (await passwordGrant('reuse@example.test', PASSWORD)).body;
    const other = (await passwordGrant('reuse@example.test', PASSWORD)).body;
    const second = (await refresh(first.refresh_token)).body;
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await me(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).body.error).toBe('invalid_grant');
    // Another sign-in of the same diner is another family and lives on.
    expect((await me(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  test('an unknown refresh token is invalid_grant', async () => {
    expect((await refresh('A'.repeat(43))).body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
  });
});

describe('tokens expire', () => {
  test('an access token past its lifetime gets HTTP 401; its refresh token still renews it', async () => {
    const pair = (await passwordGrant('expire@example.test', PASSWORD)).body;
    t.clock.advance(11);
    const expired = await me(pair.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ success: false, error_code: 'unauthenticated' });
    const renewed = await refresh(pair.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.access_token)).status).toBe(200);
  });

  test('a refresh token past its lifetime is invalid_grant', async () => {
    const pair = (await passwordGrant('expire@example.test', PASSWORD)).body;
    t.clock.advance(24 * 60 + 1);
    expect((await refresh(pair.refresh_token)).body.error).toBe('invalid_grant');
  });
});

/** The security headers of each family of answers: JSON calls, the API docs, the site's pages (booking, password, others), its files and images. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

// The CSP the site's pages had before helmet, written out: a change to it must be a decision, not a side effect.
const BOOKING_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: blob:; font-src 'self' data:; " +
  "connect-src 'self' ws: wss: https:; manifest-src 'self'; worker-src 'self'; frame-ancestors *; base-uri 'self'; form-action 'self'; object-src 'none'";
const PASSWORD_PAGE_CSP = BOOKING_PAGE_CSP.replace('frame-ancestors *', "frame-ancestors 'none'");
// Every other answer: opened in a browser, it runs and loads nothing, and cannot be framed.
const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SITE_FILES = [
  'index.html',
  '404.html',
  'le-petit-zinc/index.html',
  'le-petit-zinc/validate/index.html',
  'le-petit-zinc/booking_complete/index.html',
  'auth/index.html',
  'auth/login/index.html',
  'auth/register/index.html',
  'auth/forgot_password/index.html',
  'auth/no_account/index.html',
  'auth/onboarding/index.html',
  'legal/terms/index.html',
  'pro/index.html',
  'pro/book/index.html',
  'pro/settings/index.html',
  'pro/day-sheet/index.html',
  'sw.js',
  '_astro/app.js',
];

let siteDir: string;

beforeAll(async () => {
  siteDir = await mkdtemp(join(tmpdir(), 'couvert-headers-site-'));
  for (const file of SITE_FILES) {
    await mkdir(dirname(join(siteDir, file)), { recursive: true });
    await writeFile(join(siteDir, file), file.endsWith('.html') ? `<!doctype html><title>${file}</title>` : '"use strict";');
  }
});
afterAll(() => rm(siteDir, { recursive: true, force: true }));

const server = useTestServer(() => ({ demo: false, siteDir }));
beforeAll(() => writeFile(join(server.mediaDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>'));

type Request = { method: 'GET' | 'POST'; url: string; body?: string };
/** What an answer must carry: its status, its CSP (a full value, a piece of it, or none at all), X-Frame-Options (none: absent). */
type Expected = { status: number; csp: string | RegExp | null; frameOptions: 'DENY' | null };

const API: Omit<Expected, 'status'> = { csp: API_CSP, frameOptions: 'DENY' };
const BOOKING_PAGE: Expected = { status: 200, csp: BOOKING_PAGE_CSP, frameOptions: null };
const PASSWORD_PAGE: Expected = { status: 200, csp: PASSWORD_PAGE_CSP, frameOptions: 'DENY' };

const cases: Array<[string, Request, Expected]> = [
  ['a JSON answer', { method: 'GET', url: '/api/server_time' }, { status: 200, ...API }],
  ['a JSON error of a malformed body', { method: 'POST', url: '/api/booking/booking_merchant/get', body: '{' }, { status: 400, ...API }],
  [
    'a JSON error of a refused call',
    { method: 'POST', url: '/api/booking/booking_merchant/get', body: '{"merchant_slug":"nowhere"}' },
    { status: 404, ...API },
  ],
  ['a JSON not-found under /api', { method: 'GET', url: '/api/nothing-here' }, { status: 404, ...API }],
  ['the OpenAPI description', { method: 'GET', url: '/api/openapi.json' }, { status: 200, ...API }],
  [
    'the rendered API docs',
    { method: 'GET', url: '/api/docs' },
    { status: 200, csp: /^default-src 'self'; script-src 'self';.*frame-ancestors 'none'/, frameOptions: 'DENY' },
  ],
  [
    'a file of the API docs',
    { method: 'GET', url: '/api/docs/static/swagger-initializer.js' },
    { status: 200, csp: /script-src 'self';.*frame-ancestors 'none'/, frameOptions: 'DENY' },
  ],
  ['a booking page', { method: 'GET', url: '/le-petit-zinc' }, BOOKING_PAGE],
  ['the validate page of a booking', { method: 'GET', url: '/le-petit-zinc/validate/AbCdEf0123456789AbCdEf0123456789' }, BOOKING_PAGE],
  ['the tracking page of a booking', { method: 'GET', url: '/le-petit-zinc/booking_complete/AbCdEf0123456789AbCdEf0123456789' }, BOOKING_PAGE],
  ['the sign-in choice (a guest books from inside an embed)', { method: 'GET', url: '/auth/' }, BOOKING_PAGE],
  ['the guest form', { method: 'GET', url: '/auth/no_account/' }, BOOKING_PAGE],
  ['onboarding', { method: 'GET', url: '/auth/onboarding/' }, BOOKING_PAGE],
  ['the legal pages', { method: 'GET', url: '/legal/terms/' }, BOOKING_PAGE],
  ['the not-found page', { method: 'GET', url: '/no-such-restaurant' }, { ...BOOKING_PAGE, status: 404 }],
  ['the login page', { method: 'GET', url: '/auth/login/' }, PASSWORD_PAGE],
  ['the register page', { method: 'GET', url: '/auth/register/' }, PASSWORD_PAGE],
  ['the forgotten-password page', { method: 'GET', url: '/auth/forgot_password/' }, PASSWORD_PAGE],
  ['the staff sign-in page', { method: 'GET', url: '/pro/' }, PASSWORD_PAGE],
  ['the staff book of a merchant (its one shell)', { method: 'GET', url: '/pro/le-petit-zinc' }, PASSWORD_PAGE],
  ['the settings of a merchant (their one shell)', { method: 'GET', url: '/pro/le-petit-zinc/settings' }, PASSWORD_PAGE],
  [
    'the day sheet of a merchant (its one shell: diners’ allergies, never framed)',
    { method: 'GET', url: '/pro/le-petit-zinc/day-sheet?date=2026-11-25' },
    PASSWORD_PAGE,
  ],
  [
    'the staff book of a slug that is no slug',
    { method: 'GET', url: '/pro/Le_Zinc' },
    { ...PASSWORD_PAGE, status: 404, csp: BOOKING_PAGE_CSP, frameOptions: null },
  ],
  [
    'the reset-password page',
    { method: 'GET', url: '/auth/reset_password?token=unknown-token-0123456789' },
    { status: 410, csp: /frame-ancestors 'none'/, frameOptions: 'DENY' },
  ],
  ["the service worker (a worker runs under its own answer's CSP)", { method: 'GET', url: '/sw.js' }, { status: 200, csp: null, frameOptions: 'DENY' }],
  ['a built script', { method: 'GET', url: '/_astro/app.js' }, { status: 200, ...API }],
  [
    'an imported image',
    { method: 'GET', url: '/media/logo.svg' },
    { status: 200, csp: "default-src 'none'; style-src 'unsafe-inline'; sandbox", frameOptions: 'DENY' },
  ],
];

describe('security headers by family of answers', () => {
  test.each(cases)('%s', async (_family, request, expected) => {
    const answer = await server.server.app.inject({
      method: request.method,
      url: request.url,
      ...(request.body === undefined ? {} : { payload: request.body, headers: { 'content-type': 'application/json' } }),
    });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(expected.status);
    const headers = answer.headers;
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Never a page's address (a booking token) to another site; the reset page sends no referrer at all.
    expect(['strict-origin-when-cross-origin', 'no-referrer']).toContain(headers['referrer-policy']);
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(headers['x-frame-options']).toBe(expected.frameOptions ?? undefined);
    // Helmet writes "a;b", others "a; b": the same policy.
    const csp = (headers['content-security-policy'] as string | undefined)
      ?.split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .join('; ');
    if (expected.csp === null) expect(csp).toBeUndefined();
    else if (typeof expected.csp === 'string') expect(csp).toBe(expected.csp);
    else expect(csp).toMatch(expected.csp);
  });
});

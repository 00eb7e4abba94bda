import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, createDraft, importFixture, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let fixture: Fixture;
beforeAll(async () => {
  fixture = await importFixture(t, 'short-link');
}, 60_000);

describe('the short tracking address of text messages, /b/{token}', () => {
  test('redirects to the booking’s tracking page, uncached', async () => {
    const { bearer } = await t.signIn();
    const zone = Object.values(fixture.zones)[0]!;
    const { token } = await bookValidated(t, { slug: fixture.slug, at: unix('2026-11-25T11:00:00Z'), zone, seats: 2, bearer });
    const answer = await t.server.app.inject({ method: 'GET', url: `/b/${token}` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/${fixture.slug}/booking_complete/${token}`);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test.each([
    ['an unknown token', 'x'.repeat(32)],
    ['a malformed token', '..%2F..%2Fetc'],
  ])('answers 404 for %s', async (_case, token) => {
    const answer = await t.server.app.inject({ method: 'GET', url: `/b/${token}` });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
  });

  test('answers 404 for a draft, which no message ever links to', async () => {
    const zone = Object.values(fixture.zones)[0]!;
    const draft = await createDraft(t, { slug: fixture.slug, at: unix('2026-11-26T11:00:00Z'), zone, seats: 2 });
    const answer = await t.server.app.inject({ method: 'GET', url: `/b/${draft}` });
    expect(answer.statusCode).toBe(404);
  });
});

import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { call, createDraft, importFixture, unix, type Fixture } from '../api/api-helpers.ts';

const t = useTestServer({ demo: false });
let fixture: Fixture;
beforeAll(async () => {
  // Two tables, so both drafts hold one and only the diner rule can refuse.
  fixture = await importFixture(t, 'twice', {
    zones: [
      {
        name: 'Salle',
        tables: [
          { name: 'A', minSeats: 1, maxSeats: 4 },
          { name: 'B', minSeats: 1, maxSeats: 4 },
        ],
      },
    ],
  });
}, 60_000);

describe('one diner, one booking at a time', () => {
  test('validating two overlapping drafts at once lets exactly one through', async () => {
    const { bearer } = await t.signIn();
    const zone = Object.values(fixture.zones)[0]!;
    const at = unix('2026-11-25T18:00:00Z');
    const first = await createDraft(t, { slug: fixture.slug, at, zone, seats: 2, bearer });
    const second = await createDraft(t, { slug: fixture.slug, at, zone, seats: 2, bearer });
    const answers = await Promise.all([first, second].map((token) => call(t, 'validate', fixture.slug, token, bearer)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error_code).toBe('user_booking_limit_reached');
  });
});

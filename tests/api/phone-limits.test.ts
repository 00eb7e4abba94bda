import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { call, createDraft, expectError, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

// The clock stands on Monday 2026-11-23 09:00 UTC; the fixtures open 12:00-14:00 and 19:00-22:00 in Paris.
const WEDNESDAY_DINNER = unix('2026-11-25T19:00:00+01:00');
const WEDNESDAY_LATER = unix('2026-11-25T20:00:00+01:00');
const WEDNESDAY_LUNCH = unix('2026-11-25T12:30:00+01:00');
const THURSDAY_DINNER = unix('2026-11-26T19:00:00+01:00');
// Enough tables that every test's drafts find one: only the phone rules refuse.
const TABLES = { zones: [{ name: 'Salle', tables: Array.from({ length: 20 }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 4 })) }] };
const PER_DAY = 3;

const t = useTestServer({ demo: false, limits: { phones: { unconfirmedPerDay: PER_DAY } } });
let zinc: Fixture;
let others: Fixture[];
beforeAll(async () => {
  zinc = await importFixture(t, 'phones', TABLES);
  others = [];
  for (let i = 0; i < 4; i++) others.push(await importFixture(t, `elsewhere${i}`, TABLES));
}, 60_000);

let phoneCounter = 0;
/** A phone number no other test uses. */
const newPhone = () => `+3367${String(1_000_000 + ++phoneCounter).padStart(7, '0')}`;

/** An anonymous draft at `at`, taken up by a guest with `phone` (no_account); its token and the guest's bearer. */
async function guestDraft(fixture: Fixture, at: number, phone: string): Promise<{ token: string; bearer: string }> {
  const token = await createDraft(t, { slug: fixture.slug, at, zone: 'all', seats: 2 });
  const guest = expectOk(await t.post('/api/front/user/no_account', { firstname: 'Gus', lastname: 'Guest', phone, bookingToken: token }));
  return { token, bearer: guest.body.access_token };
}

const validate = (fixture: Fixture, draft: { token: string; bearer: string }) => call(t, 'validate', fixture.slug, draft.token, draft.bearer);

describe('one pending or confirmed booking per phone per restaurant and time', () => {
  test('a second guest with the same phone cannot validate an overlapping booking', async () => {
    const phone = newPhone();
    expectOk(await validate(zinc, await guestDraft(zinc, WEDNESDAY_DINNER, phone)));
    const second = await validate(zinc, await guestDraft(zinc, WEDNESDAY_LATER, phone));
    expectError(second, 409, 'user_booking_limit_reached');
  });

  test('the phone is matched in any writing: a spaced national-looking form is the same number', async () => {
    const phone = newPhone();
    expectOk(await validate(zinc, await guestDraft(zinc, WEDNESDAY_DINNER, phone)));
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8, 10)} ${phone.slice(10)}`;
    expectError(await validate(zinc, await guestDraft(zinc, WEDNESDAY_DINNER, spaced)), 409, 'user_booking_limit_reached');
  });

  test('two guests with one phone validating at the same moment: exactly one gets through', async () => {
    const phone = newPhone();
    const drafts = [await guestDraft(zinc, THURSDAY_DINNER, phone), await guestDraft(zinc, THURSDAY_DINNER, phone)];
    const answers = await Promise.all(drafts.map((draft) => validate(zinc, draft)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error_code).toBe('user_booking_limit_reached');
  });

  test('an account and a guest sharing a phone are held to it too', async () => {
    const phone = newPhone();
    const { bearer } = await t.signIn({ phone });
    const token = await createDraft(t, { slug: zinc.slug, at: WEDNESDAY_DINNER, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', zinc.slug, token, bearer));
    expectError(await validate(zinc, await guestDraft(zinc, WEDNESDAY_DINNER, phone)), 409, 'user_booking_limit_reached');
  });

  test.each([
    ['lunch and dinner of one day at one restaurant', WEDNESDAY_LUNCH, WEDNESDAY_DINNER],
    ['two days at one restaurant', WEDNESDAY_DINNER, THURSDAY_DINNER],
  ])('bookings that do not overlap are both accepted: %s', async (_name, first, second) => {
    const phone = newPhone();
    expectOk(await validate(zinc, await guestDraft(zinc, first, phone)));
    expectOk(await validate(zinc, await guestDraft(zinc, second, phone)));
  });

  test('a cancelled booking frees its phone for that time', async () => {
    const phone = newPhone();
    const first = await guestDraft(zinc, WEDNESDAY_DINNER, phone);
    expectOk(await validate(zinc, first));
    expectOk(await call(t, 'cancel', zinc.slug, first.token, first.bearer));
    expectOk(await validate(zinc, await guestDraft(zinc, WEDNESDAY_DINNER, phone)));
  });
});

describe('an unconfirmed phone holds a few bookings a day across the provider', () => {
  test(`the ${PER_DAY + 1}th booking of one day with one phone is refused; the next day is not`, async () => {
    const phone = newPhone();
    for (let i = 0; i < PER_DAY; i++) expectOk(await validate(others[i]!, await guestDraft(others[i]!, WEDNESDAY_DINNER, phone)));
    expectError(await validate(others[PER_DAY]!, await guestDraft(others[PER_DAY]!, WEDNESDAY_DINNER, phone)), 409, 'phone_booking_limit_reached');
    expectOk(await validate(others[PER_DAY]!, await guestDraft(others[PER_DAY]!, THURSDAY_DINNER, phone)));
  });

  test('guests with one phone validating the last booking of its day at two restaurants at once: exactly one gets through', async () => {
    // Different restaurants share no lock but the phone's; several rounds, so a missing lock shows.
    for (let round = 0; round < 5; round++) {
      const phone = newPhone();
      const at = unix('2026-11-27T19:00:00+01:00') + round * 24 * 3600;
      for (let i = 0; i < PER_DAY - 1; i++) expectOk(await validate(others[i]!, await guestDraft(others[i]!, at, phone)));
      const last = [others[PER_DAY - 1]!, others[PER_DAY]!];
      const drafts = await Promise.all(last.map((fixture) => guestDraft(fixture, at, phone)));
      const answers = await Promise.all(last.map((fixture, i) => validate(fixture, drafts[i]!)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error_code).toBe('phone_booking_limit_reached');
    }
  });
});

import { beforeEach, describe, expect, test } from 'vitest';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import { getBearer, OWN_STORAGE_KEYS, readLocal, setBearer } from '../../../src/lib/platform/storage.ts';
import { getStaffBearer } from '../../../src/lib/staff/staff-storage.ts';
import { $staffSession, changeStaff, forgetStaff, staffSignIn, staffSignOut } from '../../../src/stores/staff-session.ts';
import { fixtureMerchant, uniqueSlug } from '../../api/api-helpers.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
const CLAIRE = { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };

beforeEach(() => forgetStaff());

describe('staff sign-in', () => {
  test('stores a staff bearer under its own key, names the merchants, and leaves the diner\u2019s session alone', async () => {
    const { bearer: diner } = await server.signIn();
    setBearer(diner);
    expect(await staffSignIn(`  ${CLAIRE.email.toUpperCase()} `, CLAIRE.password)).toEqual({ ok: true });
    const staff = getStaffBearer();
    expect(staff).toMatch(/\S{20,}/);
    expect(staff).not.toBe(diner);
    expect(getBearer()).toBe(diner);
    expect($staffSession.get().merchants).toEqual([{ slug: 'le-petit-zinc', name: 'Le Petit Zinc' }]);
    expect(JSON.parse(readLocal(OWN_STORAGE_KEYS.staffMerchants)!)).toEqual([{ slug: 'le-petit-zinc', name: 'Le Petit Zinc' }]);
    // The staff calls carry the staff bearer, whatever diner is signed in on the same browser.
    expect((await staffApi.me()).email).toBe(CLAIRE.email);
  });

  test.each([
    ['a wrong password', CLAIRE.email, 'not-the-password'],
    ['an email no merchant lists', 'nobody@le-petit-zinc.example', CLAIRE.password],
  ])('%s is refused with the same answer, and nothing is stored', async (_case, email, password) => {
    expect(await staffSignIn(email, password)).toEqual({ ok: false, code: 'unauthenticated' });
    expect(getStaffBearer()).toBeNull();
    expect($staffSession.get()).toEqual({ bearer: null, merchants: [] });
  });

  test('a staff member listed by two merchants with that password gets both to pick from', async () => {
    const slug = uniqueSlug('staff-second');
    await server.importMerchant({ ...fixtureMerchant(slug, { name: 'Le Second Zinc' }), staff: [CLAIRE] });
    expect(await staffSignIn(CLAIRE.email, CLAIRE.password)).toEqual({ ok: true });
    expect(
      $staffSession
        .get()
        .merchants.map((merchant) => merchant.slug)
        .sort(),
    ).toEqual(['le-petit-zinc', slug].sort());
  });

  test('signing out ends the session on the server too', async () => {
    await staffSignIn(CLAIRE.email, CLAIRE.password);
    const bearer = getStaffBearer()!;
    await staffSignOut();
    expect(getStaffBearer()).toBeNull();
    expect((await server.get('/api/pro/me', { bearer })).status).toBe(401);
  });
});

describe('changing one\u2019s own password', () => {
  test.each([
    ['a wrong current password', 'wrong-current-password', 'a-long-enough-new-one', { field: 'current', reason: 'wrong_current' }],
    ['a new password too short', CLAIRE.password, 'short', { field: 'next', reason: 'too_short' }],
  ])('%s is refused on its field', async (_case, current, next, expected) => {
    await staffSignIn(CLAIRE.email, CLAIRE.password);
    expect(await changeStaff(current, next)).toMatchObject({ ok: false, code: 'validation_error', ...expected });
  });

  test('a good change keeps this session and the new password signs in', async () => {
    await staffSignIn('kenji@sakura-ramen.example', 'tonkotsu-18-heures');
    expect(await changeStaff('tonkotsu-18-heures', 'miso-ramen-du-soir')).toEqual({ ok: true });
    expect((await staffApi.me()).email).toBe('kenji@sakura-ramen.example');
    expect(await staffSignIn('kenji@sakura-ramen.example', 'miso-ramen-du-soir')).toEqual({ ok: true });
  });
});

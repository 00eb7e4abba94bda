/**
 * A Brussels restaurant whose service today already ended (today's only window is 00:00–00:30, inside its lead time
 * whatever the hour): its phone is written the Belgian way, and ?asap=1 says there is no table left today and offers
 * the next day with one, taken in one tap.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, islandsHydrated, test } from './fixture.ts';
import { frenchLongDate, localDate, merchantDefinition } from './booking-home-support.ts';

const SLUG = 'e2e-estaminet-bruxelles';
const TIMEZONE = 'Europe/Brussels';
// Each change of a merchant rebuilds the site (a few seconds to a minute on a busy machine).
const REBUILD_MS = 150_000;

/** ISO weekday (1 = Monday) of a local date. */
const weekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Imports the merchant (today over, every other day lunch and dinner) and waits until its page is served. */
async function importMerchant(request: APIRequestContext, adminToken: string): Promise<void> {
  const today = weekday(localDate(Date.now(), TIMEZONE));
  const base = merchantDefinition(SLUG, true);
  const lunchAndDinner = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  const response = await request.put(`/api/admin/merchants/${SLUG}`, {
    data: {
      ...base,
      name: "L'Estaminet",
      timezone: TIMEZONE,
      address: { address: 'Rue du Marché aux Herbes 7', address2: '', zip: '1000', city: 'Bruxelles' },
      phone: '+32 2 512 34 56',
      shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: day === today ? [{ start: '00:00', end: '00:30' }] : lunchAndDinner })),
    },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await expect.poll(async () => (await request.get(`/${SLUG}`)).status(), { timeout: REBUILD_MS, intervals: [500, 1000, 2000] }).toBe(200);
}

test.describe('a Belgian restaurant whose day is over', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request, server }) => {
    test.setTimeout(2 * REBUILD_MS);
    await importMerchant(request, server.adminToken);
  });

  test('its phone shows in the Belgian format and dials the international number', async ({ page }) => {
    await page.goto(`/${SLUG}`);
    const call = page.locator('.identity a.pill');
    await expect(call).toHaveText('02 512 34 56');
    await expect(call).toHaveAttribute('href', 'tel:+3225123456');
  });

  test('?asap=1 without seats: "no table left today", then one tap books the next free day for two', async ({ page }) => {
    await page.goto(`/${SLUG}?asap=1`);
    await islandsHydrated(page);
    const notice = page.getByRole('status').filter({ hasText: "Plus aucune table aujourd'hui." });
    await expect(notice).toBeVisible();
    const offer = notice.getByRole('button', { name: /^Réserver .+ à \d\d:\d\d$/ });
    await expect(offer).toBeVisible();
    // No day was chosen for the diner: today has nothing.
    await expect(page.getByRole('button', { name: /^Aujourd'hui/ })).toHaveCount(0);

    const label = (await offer.textContent()) ?? '';
    const hour = /à (\d\d:\d\d)$/.exec(label)?.[1] ?? '';
    await offer.click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('radio', { name: '2 personnes' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { name: hour, exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    // The day offered is the one now chosen.
    const tomorrowOrLater = label.replace(/^Réserver /, '').replace(/ à \d\d:\d\d$/, '');
    expect(tomorrowOrLater).not.toBe(frenchLongDate(localDate(Date.now(), TIMEZONE)));
  });
});

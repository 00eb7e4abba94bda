/**
 * A diner's open booking page follows the restaurant's own definition: staff give the day special hours (dinner only)
 * through the definition API, and the diner's page drops lunch's times without a reload; the day's hours come back
 * when the special day is removed.
 */
import type { APIRequestContext } from '@playwright/test';
import { availabilitySubscribed, openLunchDay } from './booking-home-support.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { CLAIRE } from './staff-book-support.ts';

const SLUG = 'le-petit-zinc';

/** Saves the definition with the given special days, from the revision read now. */
async function saveSpecialDays(request: APIRequestContext, bearer: string, specialDays: (read: unknown[]) => unknown[]): Promise<void> {
  const headers = { authorization: `Bearer ${bearer}` };
  const read = await request.get(`/api/pro/${SLUG}/definition`, { headers });
  expect(read.status()).toBe(200);
  const { definition, revision } = (await read.json()) as { definition: Record<string, unknown>; revision: number };
  const saved = await request.put(`/api/pro/${SLUG}/definition`, {
    headers,
    data: { definition: { ...definition, specialDays: specialDays((definition.specialDays as unknown[] | undefined) ?? []) }, revision },
  });
  expect(saved.status()).toBe(200);
}

test('staff give a day dinner-only special hours: the diner\u2019s open page drops its lunch times at once, and gets them back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const day = await openLunchDay(request, 60, 85);
  const login = await request.post('/api/pro/auth/login', { data: CLAIRE });
  expect(login.status()).toBe(200);
  const bearer = ((await login.json()) as { access_token: string }).access_token;
  const dinerContext = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const diner = await dinerContext.newPage();
  await diner.goto(`/${SLUG}?seats=2&when=${day}T12:30`);
  await islandsHydrated(diner);
  await expect(diner.getByRole('radio', { name: '12:30', exact: true })).toBeChecked();
  // The diner touches the page: it joins the live channel then, not before.
  const live = availabilitySubscribed(diner, SLUG);
  await diner.getByRole('radio', { name: '19:30', exact: true }).click();
  await diner.getByRole('radio', { name: '12:30', exact: true }).click();
  await live;

  const times = diner.getByRole('group', { name: 'Horaire' });
  try {
    await saveSpecialDays(request, bearer, (days) => [...days, { date: day, slots: [{ start: '19:00', end: '21:00' }] }]);
    // Without a reload: lunch is no longer a time of that day, the lunch pick is let go, dinner stays.
    await expect(times.getByRole('radio', { name: /^12:30/ })).toHaveCount(0);
    await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(times.getByRole('radio', { name: '19:30', exact: true })).toBeEnabled();
  } finally {
    await saveSpecialDays(request, bearer, (days) => days.filter((entry) => (entry as { date?: string }).date !== day));
  }
  await expect(times.getByRole('radio', { name: '12:30', exact: true })).toBeEnabled();
  await dinerContext.close();
});

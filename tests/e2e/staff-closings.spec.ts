/**
 * Closings from the staff book against the fixture server: staff close a service of a day and the diners' availability
 * loses its times; reopened, they come back. A day closed over a booking warns with the count and keeps the booking.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolation } from './auth-support.ts';
import { localDate, slotsOf, tabTo } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { CLAIRE, staffBook } from './staff-book-support.ts';
import { createDraft, guestSession, postJson, validateThroughApi } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

/** The hours diners may book for two on `day` (merchant-local), as the booking home asks for them. */
const freeHours = async (request: APIRequestContext, day: string) =>
  (await slotsOf(request, SLUG, day, 'all', 2)).filter((slot) => slot.available).map((slot) => slot.hour);

/** A day well ahead with a lunch and a dinner service diners can still book. */
async function openLunchDay(request: APIRequestContext): Promise<string> {
  for (let offset = 40; offset < 80; offset += 1) {
    const day = localDate(Date.now() + offset * 86_400_000, 'Europe/Paris');
    const hours = await freeHours(request, day);
    if (hours.includes('12:30') && hours.includes('19:30')) return day;
  }
  throw new Error('no open lunch ahead');
}

test('staff close a service of a day: diners are offered none of its times; reopened, the times come back', async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const day = await openLunchDay(request);
  const evening = (await freeHours(request, day)).filter((hour) => hour >= '17:00');
  expect(evening.length).toBeGreaterThan(0);
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, day);
  const lunch = staff.getByRole('heading', { level: 2, name: /^Déjeuner/ });
  await expect(lunch).toBeVisible();

  // With the keyboard: open the dialog, keep "A service" and the lunch, close.
  await staff.getByRole('button', { name: 'Fermer en ligne…' }).focus();
  await staff.keyboard.press('Enter');
  const dialog = staff.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Un service' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toHaveValue(/-0$/);
  await expectNoSeriousAxeViolation(staff);
  await tabTo(staff, ({ text }) => text === 'Fermer en ligne', 12);
  await staff.keyboard.press('Enter');
  // Other tests' bookings may fall in that lunch (the server is shared): then the dialog first says how many.
  const understood = dialog.getByRole('button', { name: 'Compris' });
  await Promise.race([dialog.waitFor({ state: 'hidden' }), understood.waitFor({ state: 'visible' })]);
  if (await understood.isVisible()) await understood.click();
  await expect(dialog).toBeHidden();

  await expect(lunch).toContainText('Fermé en ligne');
  const hours = await freeHours(request, day);
  expect(hours.filter((hour) => hour < '16:00')).toEqual([]);
  expect(hours.filter((hour) => hour >= '17:00')).toEqual(evening);
  await expectNoSeriousAxeViolation(staff);

  await staff.getByRole('button', { name: /^Rouvrir : Déjeuner/ }).click();
  await expect(lunch).not.toContainText('Fermé en ligne');
  await expect(staff.getByRole('status').filter({ hasText: 'Réservation en ligne rouverte.' })).toHaveCount(1);
  expect(await freeHours(request, day)).toContain('12:30');
  await staff.context().close();
});

test('a whole day closed over a booking warns with the count, keeps the booking, and shows a banner until reopened', async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  const day = localDate(draft.timestamp * 1000, 'Europe/Paris');
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, day);

  await staff.getByRole('button', { name: 'Fermer en ligne…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
  await dialog.getByRole('radio', { name: 'Toute la journée' }).check();
  await dialog.getByRole('textbox', { name: /Note pour l’équipe/ }).fill('Privatisation');
  await dialog.getByRole('button', { name: 'Fermer en ligne' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(/\d+ réservations? déjà prises? tomben?t? dans cette fermeture/);
  await expect(warning).toBeFocused();
  await expectNoSeriousAxeViolation(staff);
  await dialog.getByRole('button', { name: 'Compris' }).click();

  await expect(staff.getByRole('heading', { name: 'Journée fermée à la réservation en ligne' })).toBeVisible();
  expect(await freeHours(request, day)).toEqual([]);
  const kept = await postJson<{ booking: { status: number } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG });
  expect(kept.body.booking.status).toBe(10);

  await staff.getByRole('button', { name: 'Rouvrir la journée' }).click();
  await expect(staff.getByRole('heading', { name: 'Journée fermée à la réservation en ligne' })).toBeHidden();
  expect((await freeHours(request, day)).length).toBeGreaterThan(0);
  await staff.context().close();
});

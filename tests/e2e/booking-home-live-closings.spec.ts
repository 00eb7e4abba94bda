/**
 * A diner's open booking page follows the closings staff make: staff close lunch in their book (a context of their own),
 * the diner's page drops lunch's times without a reload, and a page that still holds a lunch time when the diner
 * continues is told that lunch is closed, not that the restaurant is closed that day.
 */
import { availabilitySubscribed, openLunchDay } from './booking-home-support.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { SALLE, staffBook } from './staff-book-support.ts';

const SLUG = 'le-petit-zinc';

test('staff close lunch: the diner\u2019s open page drops its times at once, and a stale lunch pick is told lunch is closed', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const day = await openLunchDay(request, 85, 120);
  const dinerContext = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const diner = await dinerContext.newPage();
  const stale = await dinerContext.newPage();
  for (const page of [diner, stale]) {
    await page.goto(`/${SLUG}?seats=2&when=${day}T12:30`);
    await islandsHydrated(page);
    await expect(page.getByRole('radio', { name: '12:30', exact: true })).toBeChecked();
  }
  // The diner touches the page (a dinner time, then lunch again): it joins the live channel then, not before.
  const live = availabilitySubscribed(diner, SLUG);
  await diner.getByRole('radio', { name: '19:30', exact: true }).click();
  await diner.getByRole('radio', { name: '12:30', exact: true }).click();
  await live;

  const staff = await staffBook(browser, baseURL!, SALLE, SLUG, day);
  await staff.getByRole('button', { name: 'Fermer en ligne…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
  await expect(dialog.getByRole('combobox', { name: 'Service' })).toHaveValue(/-0$/);
  await dialog.getByRole('button', { name: 'Fermer en ligne' }).click();
  // Other tests' bookings may fall in that lunch (the server is shared): then the dialog first says how many.
  const understood = dialog.getByRole('button', { name: 'Compris' });
  await Promise.race([dialog.waitFor({ state: 'hidden' }), understood.waitFor({ state: 'visible' })]);
  if (await understood.isVisible()) await understood.click();
  await expect(dialog).toBeHidden();

  try {
    // Without a reload: lunch's times are no longer offered, the lunch pick is let go, dinner stays.
    const times = diner.getByRole('group', { name: 'Horaire' });
    await expect(times.getByRole('radio', { name: '12:30, indisponible', exact: true })).toBeDisabled();
    await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(times.getByRole('radio', { name: '19:30', exact: true })).toBeEnabled();
    await expect(diner.getByRole('button', { name: 'Continuer' })).toBeDisabled();

    // The page that was never touched still holds 12:30: continuing says what is closed.
    await stale.getByRole('button', { name: 'Continuer' }).click();
    const refusal = stale.getByRole('alert').filter({ hasText: /fermé/ });
    await expect(refusal).toHaveText(/Le service du déjeuner est fermé/);
    await expect(refusal).not.toHaveText(/Le restaurant est fermé/);
    // Its times are read again under the message: lunch shows closed there too.
    await expect(stale.getByRole('radio', { name: '12:30, indisponible', exact: true })).toBeDisabled();
    await expect(stale.getByRole('button', { name: 'Continuer' })).toBeDisabled();
  } finally {
    await staff.getByRole('button', { name: /^Rouvrir : Déjeuner/ }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Réservation en ligne rouverte.' })).toHaveCount(1);
    await staff.context().close();
    await dinerContext.close();
  }
});

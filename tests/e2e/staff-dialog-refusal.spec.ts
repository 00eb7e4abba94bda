/**
 * The server's refusal in a staff dialog: staff confirm a booking the diner cancelled while the dialog was open. The
 * refusal is an alert that takes focus, and the dialog stays usable (Back closes it).
 */
import { localDate } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { SALLE, staffBook } from './staff-book-support.ts';
import { pendingBooking, postJson } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

test('confirming a booking the diner cancelled meanwhile shows the refusal as a focused alert, and Back closes the dialog', async ({
  browser,
  baseURL,
  request,
}) => {
  const { draft, bearer } = await pendingBooking(request);
  const { ref } = (await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG })).body.booking;
  const staff = await staffBook(browser, baseURL!, SALLE, SLUG, localDate(draft.timestamp * 1000, 'Europe/Paris'));
  const card = staff.getByRole('article').filter({ hasText: `Réf. ${ref}` });
  await card.getByRole('button', { name: 'Confirmer' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Confirmer la réservation ?' });
  await expect(dialog).toBeVisible();

  // The diner cancels while the dialog is open; the card follows live, the dialog stays.
  await postJson(request, '/api/booking/cancel', { token: draft.token, merchant_slug: SLUG }, { bearer });
  await expect(card.getByText('Annulée par le client', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Cette réservation est annulée.');
  await expect.poll(() => alert.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // Usable still: the submit button is no longer busy, and Back closes the dialog.
  await expect(dialog.getByRole('button', { name: 'Confirmer' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Retour' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Annulée par le client', { exact: true }).first()).toBeVisible();
  const status = (await postJson<{ booking: { status: number } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG })).body.booking
    .status;
  expect(status).toBe(40);
  await staff.context().close();
});

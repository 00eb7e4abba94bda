/**
 * Arrival, no-show and their undo happen only around a booking's own time: a card of a later day offers no "Client
 * arrivé", a booking whose time has come is recorded as a no-show and then restored by staff.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { localDate, slotsOf } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { SALLE, staffBook } from './staff-book-support.ts';
import { postJson } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

/** The staff bearer the signed-in page holds. */
const bearerOf = (page: Page) => page.evaluate(() => localStorage.getItem('staff_bearer')!);

/** A phone booking taken by the restaurant through the staff API, for a diner named `firstname`. */
async function phoneBooking(request: APIRequestContext, bearer: string, firstname: string, datetime: number): Promise<void> {
  await postJson(request, `/api/pro/${SLUG}/bookings`, { datetime, party: 2, firstname, lastname: 'Fenêtre' }, { bearer });
}

/** The first time diners may book for two from tomorrow on: its day and unix seconds. */
async function laterDayTime(request: APIRequestContext): Promise<{ day: string; timestamp: number }> {
  for (let offset = 1; offset < 15; offset += 1) {
    const day = localDate(Date.now() + offset * 86_400_000, 'Europe/Paris');
    const slot = (await slotsOf(request, SLUG, day, 'all', 2)).find((candidate) => candidate.available);
    if (slot) return { day, timestamp: slot.timestamp };
  }
  throw new Error('no free time ahead');
}

test('a booking of a later day offers no arrival; one whose time has come is marked a no-show, then undone', async ({ browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const staff = await staffBook(browser, baseURL!, SALLE, SLUG);
  const bearer = await bearerOf(staff);
  const suffix = Date.now().toString(36);
  const later = await laterDayTime(request);
  await phoneBooking(request, bearer, `Demain${suffix}`, later.timestamp);
  // Five minutes ago: its time has come (a booking up to a quarter of an hour back is still taken). Its own day is
  // yesterday's just after midnight in Paris: the staff book opens on that day, not on today.
  const lateAt = Math.floor(Date.now() / 1000) - 300;
  await phoneBooking(request, bearer, `Retard${suffix}`, lateAt);

  // A later day's confirmed card: no "Client arrivé" at all, not even among the other actions.
  await staff.goto(`/pro/${SLUG}?day=${later.day}`);
  const ahead = staff.getByRole('article', { name: `Demain${suffix} Fenêtre` });
  await expect(ahead.getByText('Confirmée', { exact: true })).toBeVisible();
  await expect(ahead.getByRole('button', { name: 'Client arrivé' })).toHaveCount(0);
  await ahead.getByRole('button', { name: "Plus d'actions" }).click();
  const more = staff.getByRole('dialog');
  await expect(more.getByRole('button', { name: 'Déplacer' })).toBeVisible();
  await expect(more.getByRole('button', { name: 'Client arrivé' })).toHaveCount(0);
  await expect(more.getByRole('button', { name: 'Non venu' })).toHaveCount(0);
  await expect(more.getByRole('button', { name: 'Terminer' })).toHaveCount(0);
  await staff.keyboard.press('Escape');

  // The late diner: arrival is the main button; recorded as a no-show, then undone back to confirmed, on a
  // tablet held landscape (1024 px) and then portrait (768 px).
  await staff.goto(`/pro/${SLUG}?day=${localDate(lateAt * 1000, 'Europe/Paris')}`);
  const late = staff.getByRole('article', { name: `Retard${suffix} Fenêtre` });
  for (const width of [1024, 768]) {
    await staff.setViewportSize({ width, height: width === 1024 ? 768 : 1024 });
    await expect(late.getByRole('button', { name: 'Client arrivé' })).toBeVisible();
    await late.getByRole('button', { name: "Plus d'actions" }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Non venu' }).click();
    const noShow = staff.getByRole('dialog', { name: 'Noter le client comme non venu ?' });
    await noShow.getByRole('button', { name: 'Non venu' }).click();
    await expect(noShow).toBeHidden();
    await expect(late.getByText('Non venue', { exact: true })).toBeVisible();

    await late.getByRole('button', { name: 'Annuler « non venu »' }).click();
    const undo = staff.getByRole('dialog', { name: 'Revenir en arrière ?' });
    await undo.getByRole('button', { name: 'Revenir en arrière' }).click();
    await expect(undo).toBeHidden();
    await expect(late.getByText('Confirmée', { exact: true })).toBeVisible();
    await expect(late.getByRole('button', { name: 'Client arrivé' })).toBeVisible();
  }
  await staff.context().close();
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixture.ts';
import { frenchLongDate, merchantInfo, openDayAhead, registerAccount, slotsOf, tabTo, zonesOf } from './booking-home-support.ts';
import { postJson } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

function choosers(page: Page) {
  return {
    guests: page.getByRole('group', { name: 'Nombre de convives' }),
    zone: page.getByRole('group', { name: 'Espace', exact: true }),
    time: page.getByRole('group', { name: 'Horaire' }),
    // The calendar's button is the Date group's last; it names the day once one is picked.
    otherDate: page.getByRole('group', { name: 'Date' }).getByRole('button').last(),
    calendar: page.getByRole('dialog', { name: 'Choisissez une date' }),
    submit: page.getByRole('button', { name: 'Continuer' }),
  };
}

/** Opens the calendar, goes to the month of `date` and picks it, by mouse. */
async function pickDateWithMouse(page: Page, date: string) {
  const { otherDate, calendar } = choosers(page);
  await otherDate.click();
  await expect(calendar).toBeVisible();
  const day = calendar.getByRole('button', { name: frenchLongDate(date), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i += 1) await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  await day.click();
  await expect(calendar).toBeHidden();
}

test.describe('BookingHome choosers', () => {
  test('a diner picks date, guests, zone and time with the mouse, then Continue leads a signed-out diner to NoAuth', async ({ page, request }) => {
    const date = openDayAhead(await merchantInfo(request, SLUG), 3);
    await page.goto(`/${SLUG}`);
    const { guests, zone, time, submit } = choosers(page);

    // Unlock order (spec section 4): nothing but the date before a date.
    await expect(guests.getByRole('radio', { name: '2 personnes' })).toBeDisabled();
    await expect(zone.getByRole('radio', { name: 'Terrasse' })).toBeDisabled();
    await expect(submit).toBeDisabled();

    await pickDateWithMouse(page, date);
    await expect(page.getByRole('button', { name: new RegExp(frenchLongDate(date), 'i') })).toHaveAttribute('aria-pressed', 'true');
    await guests.getByRole('radio', { name: '2 personnes' }).click();
    await expect(guests.getByRole('radio', { name: '2 personnes' })).toBeChecked();
    await zone.getByRole('radio', { name: 'Terrasse' }).click();
    const firstTime = time.getByRole('radio', { disabled: false }).first();
    await firstTime.click();
    await expect(firstTime).toBeChecked();
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page).toHaveURL(/\/auth\/no_account$/);
    const stored = await page.evaluate((slug) => [localStorage.getItem('current_merchant'), localStorage.getItem(`token_${slug}`)], SLUG);
    expect(stored[0]).toBe(SLUG);
    expect(stored[1]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  test('changing the date, the guests or the zone clears the chosen time', async ({ page, request }) => {
    const info = await merchantInfo(request, SLUG);
    const date = openDayAhead(info, 3);
    const later = openDayAhead(info, 10);
    await page.goto(`/${SLUG}`);
    const { guests, zone, time, submit } = choosers(page);
    await pickDateWithMouse(page, date);
    await guests.getByRole('radio', { name: '2 personnes' }).click();
    await zone.getByRole('radio', { name: 'Salle', exact: true }).click();

    const chooseTime = async () => {
      const first = time.getByRole('radio', { disabled: false }).first();
      await first.click();
      await expect(first).toBeChecked();
      await expect(submit).toBeEnabled();
    };
    const timeCleared = async () => {
      await expect(time.getByRole('radio', { checked: true })).toHaveCount(0);
      await expect(submit).toBeDisabled();
    };

    await chooseTime();
    await guests.getByRole('radio', { name: '3 personnes' }).click();
    await timeCleared();
    await chooseTime();
    await zone.getByRole('radio', { name: 'Terrasse' }).click();
    await timeCleared();
    await chooseTime();
    await pickDateWithMouse(page, later);
    await timeCleared();
    // The guests and the zone stay: only the time depends on all three.
    await expect(guests.getByRole('radio', { name: '3 personnes' })).toBeChecked();
    await expect(zone.getByRole('radio', { name: 'Terrasse' })).toBeChecked();
  });

  test('the whole choice can be made with the keyboard only', async ({ page, request }) => {
    const date = openDayAhead(await merchantInfo(request, SLUG), 3);
    await page.goto(`/${SLUG}`);
    const { guests, zone, time, otherDate, calendar, submit } = choosers(page);
    await expect(otherDate).toBeVisible();

    await expect(otherDate).toHaveAccessibleName('Autre date');
    await tabTo(page, (focused) => focused.text === 'Autre date');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeVisible();
    const target = calendar.getByRole('button', { name: frenchLongDate(date), exact: true });
    // Arrow keys walk the days (and the months): Down a week, Right a day, from the day the calendar focuses first.
    const start = calendar.locator('[data-date]:focus');
    await expect(start).toHaveCount(1);
    let at = (await start.getAttribute('data-date'))!;
    const days = daysBetween(at, date);
    const presses = [...Array<string>(Math.floor(days / 7)).fill('ArrowDown'), ...Array<string>(days % 7).fill('ArrowRight')];
    for (const key of presses) {
      await page.keyboard.press(key);
      at = addDays(at, key === 'ArrowDown' ? 7 : 1);
      await expect(calendar.locator(`[data-date="${at}"]`)).toBeFocused();
    }
    await expect(target).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('button', { name: new RegExp(frenchLongDate(date), 'i') })).toBeFocused();

    // A radio group is one Tab stop; arrows move (and pick) inside it.
    await page.keyboard.press('Tab');
    await expect(guests.getByRole('radio', { name: '1 personne' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(guests.getByRole('radio', { name: '2 personnes' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(zone.getByRole('radio', { name: 'Indifférent' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(zone.getByRole('radio', { name: 'Salle', exact: true })).toBeChecked();
    await expect(time.getByRole('radio', { disabled: false }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    const firstTime = time.getByRole('radio', { disabled: false }).first();
    await expect(firstTime).toBeFocused();
    await page.keyboard.press('Space');
    await expect(firstTime).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth\/no_account$/);
  });

  test('a signed-in diner goes from Continue to Validate', async ({ page, context, request }) => {
    const bearer = await registerAccount(request);
    await context.addInitScript((stored) => localStorage.setItem('bearer', stored), bearer);
    const date = openDayAhead(await merchantInfo(request, SLUG), 4);
    await page.goto(`/${SLUG}`);
    const { guests, zone, time, submit } = choosers(page);
    await pickDateWithMouse(page, date);
    await guests.getByRole('radio', { name: '4 personnes' }).click();
    await zone.getByRole('radio', { name: 'Indifférent' }).click();
    await time.getByRole('radio', { disabled: false }).first().click();
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/validate/[A-Za-z0-9_-]+$`));
  });
});

test.describe('the calendar overlay', () => {
  test('starts on Monday, blocks the months before this one, moves between months, and closes with Escape back to its button', async ({ page }) => {
    await page.goto(`/${SLUG}`);
    const { otherDate, calendar } = choosers(page);
    await otherDate.click();
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('columnheader')).toHaveText(['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']);

    const previous = calendar.getByRole('button', { name: 'Mois précédent' });
    const next = calendar.getByRole('button', { name: 'Mois suivant' });
    const grid = calendar.getByRole('grid');
    const thisMonth = (await grid.getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())) ?? '';
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(previous).toBeEnabled();
    await expect(page.locator(`[id="${await grid.getAttribute('aria-labelledby')}"]`)).not.toHaveText(thisMonth);
    await previous.click();
    await expect(page.locator(`[id="${await grid.getAttribute('aria-labelledby')}"]`)).toHaveText(thisMonth);
    await expect(previous).toBeDisabled();

    // Le Petit Zinc is closed on Mondays: every Monday is marked unavailable.
    const mondays = grid.locator('tr td:first-child button');
    for (const monday of await mondays.all()) await expect(monday).toHaveAttribute('aria-disabled', 'true');

    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(otherDate).toBeFocused();
  });

  test('Today and Tomorrow are offered exactly when the merchant is open then', async ({ page, request }) => {
    const { merchant } = await merchantInfo(request, SLUG);
    await page.goto(`/${SLUG}`);
    await expect(choosers(page).otherDate).toBeVisible();
    await expect(page.getByRole('button', { name: /^Aujourd'hui/ })).toHaveCount(merchant.open.today ? 1 : 0);
    await expect(page.getByRole('button', { name: /^Demain/ })).toHaveCount(merchant.open.tomorrow ? 1 : 0);
  });
});

test.describe('the time-slot grid', () => {
  for (const [width, columns, daysAhead] of [
    [390, 4, 21],
    [1280, 6, 35],
  ] as const) {
    test(`has ${columns} columns at ${width} px, and unavailable times are disabled and say so`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const date = openDayAhead(await merchantInfo(request, SLUG), daysAhead);
      // Eight guests fit one table of the Salle only: holding it at 20:00 makes that time unavailable for eight.
      const salle = (await zonesOf(request, SLUG, date)).find((zone) => zone.name === 'Salle')!;
      const taken = (await slotsOf(request, SLUG, date, salle.id, 8)).find((slot) => slot.available && slot.hour === '20:00')!;
      await postJson(request, '/api/booking/create', { merchant_slug: SLUG, datetime: taken.timestamp, booking_zone_id: salle.id, client_count: 8 });

      await page.goto(`/${SLUG}?seats=8`);
      const { zone, time } = choosers(page);
      await pickDateWithMouse(page, date);
      await zone.getByRole('radio', { name: 'Salle', exact: true }).click();
      await expect(time.getByRole('radio').first()).toBeVisible();
      const template = await time.locator('.bh-slots').evaluate((element) => getComputedStyle(element).gridTemplateColumns);
      expect(template.split(' ')).toHaveLength(columns);

      const unavailable = time.getByRole('radio', { name: '20:00, indisponible' });
      await expect(unavailable).toBeDisabled();
      for (const radio of await time.getByRole('radio', { disabled: true }).all()) {
        await expect(radio).toHaveAccessibleName(/^\d\d:\d\d, indisponible$/);
      }
      await expect(time.getByRole('radio', { disabled: false }).first()).toHaveAccessibleName(/^\d\d:\d\d$/);
    });
  }
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one local date (YYYY-MM-DD) to a later one. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * The guest profile and the day sheet at a tablet's widths (1024 and 768 px): a host tags a diner VIP with a peanut
 * allergy from one booking's card, sees the badges on the diner's next booking, then opens that day's sheet from the
 * day bar and finds the diner listed with the allergy and the tag; a hostile note stays text; axe finds nothing
 * serious; printed (print media), the sheet drops its controls and repeats its header.
 */
import { seriousAxeViolations } from './axe.ts';
import { merchantInfo, openDayAhead, slotsOf } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { SALLE, staffBook } from './staff-book-support.ts';
import { postJson } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';
const HOSTILE_NOTE = '<img src=x onerror="window.__guestNoteRan=1">Fête surprise';

for (const [width, fromDays] of [
  [1024, 22],
  [768, 32],
] as const) {
  test(`at ${width} px: tag a diner VIP with an allergy, see it on their next booking and on the day sheet`, async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const page = await staffBook(browser, baseURL!, SALLE, SLUG, undefined, (page) => page.setViewportSize({ width, height: 900 }));
    const bearer = await page.evaluate(() => localStorage.getItem('staff_bearer')!);

    // The same diner (a guest known by their phone) booked by phone on two days.
    const info = await merchantInfo(request, SLUG);
    const first = openDayAhead(info, fromDays);
    // The next open day after it (both could otherwise land on one day after the weekly closing days).
    const next = [2, 3, 4, 5, 6, 7, 8].map((days) => openDayAhead(info, fromDays + days)).find((day) => day > first)!;
    const phone = `+3366${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const lastname = `Profil${width}`;
    for (const day of [first, next]) {
      const slot = (await slotsOf(request, SLUG, day, 'all', 2)).find((candidate) => candidate.available && candidate.hour >= '19:00')!;
      await postJson(request, `/api/pro/${SLUG}/bookings`, { datetime: slot.timestamp, party: 2, firstname: 'Inès', lastname, phone }, { bearer });
    }

    // From the first booking's card: the profile, tagged VIP with a peanut allergy and a note.
    await page.goto(`/pro/${SLUG}?day=${first}`);
    const card = page.getByRole('article').filter({ hasText: `Inès ${lastname}` });
    await expect(card).toHaveCount(1, { timeout: 10_000 });
    await card.getByRole('button', { name: 'Fiche client' }).click();
    const dialog = page.getByRole('dialog', { name: /^Fiche client/ });
    await expect(dialog.getByText('Reconnu par son numéro de téléphone.')).toBeVisible();
    await expect(dialog.getByRole('definition').first()).toHaveText('0');
    const vip = dialog.getByRole('button', { name: 'VIP' });
    await expect(vip).toHaveAttribute('aria-pressed', 'false');
    await vip.click();
    await expect(vip).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('checkbox', { name: 'arachides' }).check();
    await dialog.getByRole('textbox', { name: 'Préférence de table' }).fill('Près de la fenêtre');
    await dialog.getByRole('textbox', { name: 'Note sur le client' }).fill(HOSTILE_NOTE);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('VIP', { exact: true })).toBeVisible();
    await expect(card.getByText('Allergies : arachides')).toBeVisible();

    // The diner's next booking carries the badges, and its profile the same tags.
    await page.goto(`/pro/${SLUG}?day=${next}`);
    const again = page.getByRole('article').filter({ hasText: `Inès ${lastname}` });
    await expect(again.getByText('VIP', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(again.getByText('Allergies : arachides')).toBeVisible();
    await again.getByRole('button', { name: 'Fiche client' }).click();
    const reopened = page.getByRole('dialog', { name: /^Fiche client/ });
    await expect(reopened.getByRole('checkbox', { name: 'arachides' })).toBeChecked();
    await expect(reopened.getByRole('textbox', { name: 'Note sur le client' })).toHaveValue(HOSTILE_NOTE);
    await reopened.getByRole('button', { name: 'Retour' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The day sheet, from the day bar: the diner listed with the allergy, the tag, and the note as text.
    await page.getByRole('link', { name: 'Imprimer la feuille de service' }).click();
    await page.waitForURL(`**/pro/${SLUG}/day-sheet?date=${next}`);
    const row = page.getByRole('row').filter({ hasText: `Inès ${lastname}` });
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await expect(row.getByRole('cell').nth(4)).toContainText(HOSTILE_NOTE);
    await expect(row.getByRole('cell').nth(4)).toContainText('Près de la fenêtre');
    await expect(row.getByRole('cell').nth(5)).toHaveText('arachides');
    await expect(row.getByRole('cell').nth(6)).toHaveText('VIP');
    await expect(page.locator('.sheet-main img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __guestNoteRan?: number }).__guestNoteRan)).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Printed: no controls, the sheet's line repeated at the head of the table; an A4 PDF comes out.
    const print = page.getByRole('button', { name: 'Imprimer' });
    await expect(print).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(print).toBeHidden();
    await expect(page.getByRole('link', { name: 'Retour au carnet' })).toBeHidden();
    await expect(page.locator('.sheet-repeat').first()).toBeVisible();
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
}

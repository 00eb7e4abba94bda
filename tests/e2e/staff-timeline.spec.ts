/**
 * The staff book's timeline at a tablet's widths (1024 and 768 px): tables down by zone, the dinner across, bookings as
 * bars. Staff drag a booking to another table with the mouse and with a finger (real touch events: pointerType touch),
 * move one with the keyboard, and see a move onto a taken table refused with the server's reason, the bar back in
 * place; the compact list shows the moves; a booking taken meanwhile appears live. No serious axe violation.
 */
import type { Locator, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { merchantInfo, openDayAhead } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { CLAIRE, SALLE, staffBook, TABLET } from './staff-book-support.ts';
import { postJson } from './tracking-support.ts';
import { localToInstant } from '../../src/shared/local-time.ts';

const SLUG = 'le-petit-zinc';

/**
 * A finger's drag from one point to another, through Chromium's touch input: it touches `bar`, holds until the bar is
 * picked up (lifted), then moves and lets go.
 */
async function touchDrag(page: Page, bar: Locator, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  await expect(bar).toHaveClass(/is-dragged/);
  for (let step = 1; step <= 10; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / 10;
    const y = from.y + ((to.y - from.y) * step) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * A quick swipe of a finger from `from` by `dx` pixels sideways: its moves are stamped 10 ms apart from the touch's
 * start, so they come before any hold however busy the machine is.
 */
async function touchSwipe(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const start = Date.now() / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }], timestamp: start });
  for (let step = 1; step <= 10; step += 1) {
    const x = from.x + (dx * step) / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from.y }], timestamp: start + step * 0.01 });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: start + 0.11 });
  await cdp.detach();
}

/** A mouse drag from one point to another, in steps. */
async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

/** Where a drag of `bar` grabs it (a little after its start), and the same time on the row of `table`. */
async function dragPoints(bar: Locator, table: Locator): Promise<{ from: { x: number; y: number }; to: { x: number; y: number } }> {
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  const row = (await table.boundingBox())!;
  const from = { x: box.x + 20, y: box.y + box.height / 2 };
  return { from, to: { x: from.x, y: row.y + row.height / 2 } };
}

for (const { width, who, fromDays } of [
  { width: TABLET.width, who: SALLE, fromDays: 9 },
  { width: 768, who: CLAIRE, fromDays: 16 },
]) {
  test(`at ${width} px: drag by mouse and by touch, move by keyboard, a refused move snaps back, live and accessible`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const day = openDayAhead(await merchantInfo(request, SLUG), fromDays, '22:00');
    const page = await staffBook(browser, baseURL!, who, SLUG, day);
    await page.setViewportSize({ width, height: 1024 });
    const bearer = await page.evaluate(() => localStorage.getItem('staff_bearer')!);
    const { zones } = (await (await request.get(`/api/pro/${SLUG}/bookings?day=${day}`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
      zones: { tables: { id: string; name: string }[] }[];
    };
    const tableId = (name: string) => zones.flatMap((zone) => zone.tables).find((table) => table.name === name)!.id;
    const at = (time: string) => localToInstant(day, time, 'Europe/Paris')!.getTime() / 1000;
    const book = (firstname: string, lastname: string, table: string) =>
      postJson(request, `/api/pro/${SLUG}/bookings`, { datetime: at('20:00'), party: 2, firstname, lastname, table_id: tableId(table) }, { bearer });
    await book('Camille', 'Dupont', '1');

    // The switch offers the cards, the compact list and the timeline.
    const views = page.getByRole('group', { name: 'Affichage' });
    await expect(views.getByRole('button')).toHaveText(['Fiches', 'Liste compacte', 'Planning', 'Plan']);
    await views.getByRole('button', { name: 'Planning' }).click();
    await expect(views.getByRole('button', { name: 'Planning' })).toHaveAttribute('aria-pressed', 'true');
    const dinner = page.getByRole('region', { name: /^Dîner/ });
    const row = (name: string, seats = '1 à 2') => dinner.getByRole('list', { name: `Table ${name}, ${seats} pers.` });
    const dupont = dinner.getByRole('button', { name: /^Camille Dupont, 2 pers\., 20:00-21:45, Table \S+, Confirmée$/ });
    await expect(row('1').getByRole('button', { name: /^Camille Dupont, 2 pers\., 20:00-21:45, Table 1, Confirmée$/ })).toBeVisible();

    // Live: a booking taken meanwhile (on the phone, elsewhere) appears on its table.
    await book('Hugo', 'Martin', '2');
    await expect(row('2').getByRole('button', { name: /^Hugo Martin, / })).toBeVisible({ timeout: 10_000 });

    // The mouse: Dupont to table 3, same time; the compact list says so too.
    let points = await dragPoints(dupont, row('3'));
    await mouseDrag(page, points.from, points.to);
    await expect(row('3').getByRole('button', { name: /^Camille Dupont, .*Table 3, Confirmée$/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Réservation de Camille Dupont déplacée.' })).toBeAttached();
    await views.getByRole('button', { name: 'Liste compacte' }).click();
    await expect(page.getByRole('article', { name: 'Camille Dupont' })).toContainText('Table 3');
    await views.getByRole('button', { name: 'Planning' }).click();

    // Let go on the terrace's heading, where no table is: the bar stays on table 3 and the book says where to drop it.
    points = await dragPoints(dupont, dinner.getByRole('heading', { name: 'Terrasse', exact: true }));
    await mouseDrag(page, points.from, points.to);
    const missed = page.getByRole('alert');
    await expect(missed).toHaveText(/Déposez la réservation sur la ligne d’une table : elle est restée à sa place\./);
    await expect(row('3').getByRole('button', { name: /^Camille Dupont, / })).toBeVisible();
    await missed.getByRole('button', { name: 'Fermer' }).click();
    await expect(missed).toHaveCount(0);

    // A finger: Dupont to T1 on the terrace, through touch input (the pointer events say touch).
    await page.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { pointerTypes: string[] }).pointerTypes = seen;
      addEventListener('pointerdown', (event) => seen.push(event.pointerType), true);
    });
    points = await dragPoints(dupont, row('T1'));
    await touchDrag(page, dupont, points.from, points.to);
    await expect(row('T1').getByRole('button', { name: /^Camille Dupont, .*Table T1, Confirmée$/ })).toBeVisible();
    expect(await page.evaluate(() => (globalThis as unknown as { pointerTypes: string[] }).pointerTypes)).toContain('touch');

    // On a phone, where the evening is wider than the screen, a quick swipe that starts on a bar scrolls the timeline
    // sideways and moves nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = dinner.locator('.tl-scroll');
    await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    points = await dragPoints(dupont, row('T1'));
    await touchSwipe(page, points.from, -240);
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(row('T1').getByRole('button', { name: /^Camille Dupont, 2 pers\., 20:00-21:45, Table T1, Confirmée$/ })).toBeVisible();
    await expect(dupont).not.toHaveClass(/is-dragged/);
    await page.setViewportSize({ width, height: 1024 });

    // Onto Martin's table at his time: the server refuses, the reason shows, the bar is back on T1.
    points = await dragPoints(dupont, row('2'));
    await mouseDrag(page, points.from, points.to);
    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText(/Déplacement refusé : Plus de table libre qui convienne à cet horaire\./);
    await expect(row('T1').getByRole('button', { name: /^Camille Dupont, / })).toBeVisible();
    await expect(row('2').getByRole('button', { name: /^Camille Dupont, / })).toHaveCount(0);
    await refusal.getByRole('button', { name: 'Fermer' }).click();
    await expect(refusal).toHaveCount(0);

    // The same by touch: refused, back in place.
    points = await dragPoints(dupont, row('2'));
    await touchDrag(page, dupont, points.from, points.to);
    await expect(page.getByRole('alert')).toContainText('Plus de table libre');
    await expect(row('T1').getByRole('button', { name: /^Camille Dupont, / })).toBeVisible();
    await page.getByRole('alert').getByRole('button', { name: 'Fermer' }).click();

    // The keyboard: up a table (T1 -> 7, over the zone's heading), Escape cancels; onto table 7 (4 to 8 seats) the book
    // refuses at once, as the server would; down a table and a slot later, Enter moves it.
    await dupont.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: 'Vers la table 7 à 20:00.' })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Déplacement annulé.' })).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Plus de table libre');
    await expect(row('T1').getByRole('button', { name: /^Camille Dupont, / })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: 'Vers la table T2 à 20:15.' })).toBeAttached();
    await page.keyboard.press('Enter');
    const moved = row('T2').getByRole('button', { name: /^Camille Dupont, 2 pers\., 20:15-22:00, Table T2, Confirmée$/ });
    await expect(moved).toBeVisible();
    await expect(moved).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A tap opens the booking's actions.
    await moved.click();
    await expect(page.getByRole('dialog', { name: /Camille Dupont/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
}

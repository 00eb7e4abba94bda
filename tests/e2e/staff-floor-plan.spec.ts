/**
 * The floor plan by touch on a tablet (1024 and 768 px): an owner drags Sakura Ramen's counter tables from the tray onto
 * the plan with touch pointers, combines two, saves, and finds them where they were put after a reload; in the book's
 * plan view a walk-in sits down on a free staff-only table in two taps. Pictures of both at 1024, 768 and 390 px.
 */
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { addDaysToLocalDate, localDateOf, startOfLocalDay, type LocalDate } from '../../src/shared/local-time.ts';
import { emptyByKeyboard, emptyThenType, PHONE, TABLET } from './staff-book-support.ts';

const SLUG = 'sakura-ramen';
const TIMEZONE = 'Europe/Paris';
const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };
const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [TABLET, { width: 768, height: 1024 }];

type Table = { name: string; minSeats: number; maxSeats: number; online?: boolean; plan?: { x: number; y: number; shape: string } };
type Definition = Record<string, unknown> & { zones: { name: string; tables: Table[]; combinations?: unknown[] }[] };

let session: { access_token: string; merchants: unknown };
let original: Definition;

const auth = () => ({ authorization: `Bearer ${session.access_token}` });

async function readDefinition(request: APIRequestContext): Promise<{ definition: Definition; revision: number }> {
  const answer = await request.get(`/api/pro/${SLUG}/definition`, { headers: auth() });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { definition: Definition; revision: number };
}

async function saveDefinition(request: APIRequestContext, definition: Definition): Promise<void> {
  const { revision } = await readDefinition(request);
  const answer = await request.put(`/api/pro/${SLUG}/definition`, { data: { definition, revision }, headers: auth() });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Kenji's page at a width, on a touch screen, signed in (the bearer read once: sign-ins are limited per email). */
async function ownerPage(browser: Browser, baseURL: string, size: { width: number; height: number }, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block', viewport: size, hasTouch: true });
  await context.addInitScript(
    ({ bearer, merchants }) => {
      localStorage.setItem('staff_bearer', bearer);
      localStorage.setItem('staff_merchants', JSON.stringify(merchants));
    },
    { bearer: session.access_token, merchants: session.merchants },
  );
  const page = await context.newPage();
  // Every pointer that presses down on the page, by type: the drags below must be touch, never a mouse.
  await page.addInitScript(() => {
    (globalThis as unknown as { pointerTypes: string[] }).pointerTypes = [];
    globalThis.addEventListener('pointerdown', (event) => (globalThis as unknown as { pointerTypes: string[] }).pointerTypes.push(event.pointerType), true);
  });
  await page.goto(path);
  await islandsHydrated(page);
  return page;
}

/** A finger pressed on `from`, slid in steps to the point at (x%, y%) of `plan`, and lifted (Chromium's own touch input). */
async function touchDrag(page: Page, from: Locator, plan: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  // The tray is one row: a table further along is brought into view first, as a finger would swipe the row.
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const area = (await plan.boundingBox())!;
  const a = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  const b = { x: area.x + (area.width * x) / 100, y: area.y + (area.height * y) / 100 };
  // A finger can only drag between two points both on the screen (no scrolling while dragging).
  const screen = page.viewportSize()!;
  for (const point of [a, b])
    expect(point.y >= 0 && point.y <= screen.height && point.x >= 0 && point.x <= screen.width, `${point.x},${point.y} on screen`).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let step = 1; step <= 10; step++) {
    const point = { x: a.x + ((b.x - a.x) * step) / 10, y: a.y + ((b.y - a.y) * step) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  return b;
}

/** The centre of an element on screen. */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The counter with every table placed (C3 and C4 staff only) and C1 + C2 combined. */
function placedFloor(): Definition {
  const spots: Record<string, [number, number, string]> = {
    C1: [15, 20, 'round'],
    C2: [30, 20, 'round'],
    C3: [45, 20, 'round'],
    C4: [60, 20, 'round'],
    B1: [20, 65, 'square'],
    B2: [50, 65, 'square'],
    B3: [80, 60, 'rect'],
  };
  return {
    ...original,
    zones: original.zones.map((zone) => ({
      ...zone,
      tables: zone.tables.map((table) => {
        const [x, y, shape] = spots[table.name] ?? [50, 50, 'round'];
        return { ...table, ...(table.name === 'C3' || table.name === 'C4' ? { online: false } : {}), plan: { x, y, shape } };
      }),
      combinations: [{ tables: ['C1', 'C2'], minSeats: 3, maxSeats: 4 }],
    })),
  };
}

// The names the plan's bookings are made under (and cancelled by, after).
const PLAN_NAMES = ['Sans réservation', 'Plan-Tard', 'Plan-Après', 'Plan-Assis'];

/** The merchant's day now: its date, and its first and last second (Sakura Ramen is in Paris), in unix seconds. */
function today(): { date: LocalDate; now: number; start: number; end: number } {
  const now = Math.floor(Date.now() / 1000);
  const date = localDateOf(new Date(now * 1000), TIMEZONE);
  const startOf = (day: LocalDate) => startOfLocalDay(day, TIMEZONE).getTime() / 1000;
  return { date, now, start: startOf(date), end: startOf(addDaysToLocalDate(date, 1)) - 1 };
}

// The plan's bookings need a booking still to come today: not in the day's last minutes (the test takes under a minute).
const LAST_MINUTES = 10 * 60;

// The local day the plan's bookings were made on, for the clean-up (the test may run past midnight).
let bookedOn: LocalDate | undefined;

/**
 * Today's bookings on the plan: a party seated on C1, one late on B2 (ten minutes ago, or at midnight when the day is
 * younger), one coming on B3 (in an hour, or before the day ends): all of them on the merchant's today, whatever the hour.
 */
async function bookToday(request: APIRequestContext): Promise<void> {
  const day = (await (await request.get(`/api/pro/${SLUG}/bookings`, { headers: auth() })).json()) as { zones: { tables: { id: string; name: string }[] }[] };
  const id = (name: string) => day.zones.flatMap((zone) => zone.tables).find((table) => table.name === name)!.id;
  const { date, now, start, end } = today();
  test.skip(end - now < LAST_MINUTES, 'the last minutes of the day leave no booking to come today');
  bookedOn = date;
  for (const [name, table, at, party, walkIn] of [
    ['Plan-Assis', 'C1', now, 2, true],
    ['Plan-Tard', 'B2', Math.max(now - 600, start), 2, false],
    ['Plan-Après', 'B3', Math.min(now + 3600, end - LAST_MINUTES / 2), 4, false],
  ] as const) {
    const answer = await request.post(`/api/pro/${SLUG}/bookings`, {
      data: { datetime: at, party, firstname: name, table_id: id(table), walk_in: walkIn, lang: 'fr' },
      headers: auth(),
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

/** The bookings this spec made on the plan's day, ended: seated ones finished, the others cancelled. */
async function endTodaysBookings(request: APIRequestContext): Promise<void> {
  if (!bookedOn) return;
  const day = (await (await request.get(`/api/pro/${SLUG}/bookings?day=${bookedOn}`, { headers: auth() })).json()) as {
    bookings: { token: string; status: number; arrived_at: string | null; diner: { firstname: string } }[];
  };
  for (const booking of day.bookings.filter((row) => PLAN_NAMES.includes(row.diner.firstname) && (row.status === 10 || row.status === 20))) {
    const action = booking.arrived_at ? 'finish' : 'cancel';
    const answer = await request.post(`/api/pro/${SLUG}/bookings/${booking.token}/${action}`, { data: {}, headers: auth() });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  bookedOn = undefined;
}

test.describe('the floor plan', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const login = await request.post('/api/pro/auth/login', { data: KENJI });
    expect(login.ok(), await login.text()).toBe(true);
    session = (await login.json()) as typeof session;
    original = (await readDefinition(request)).definition;
    await request.dispose();
  });

  test.beforeEach(async ({ request }) => {
    await saveDefinition(request, original);
  });

  test.afterEach(async ({ request }) => {
    await endTodaysBookings(request);
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await saveDefinition(request, original);
    await request.dispose();
  });

  for (const size of WIDTHS) {
    test(`at ${size.width} px an owner builds the counter's floor by touch, combines two tables, saves, and finds it again after a reload`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const page = await ownerPage(browser, baseURL!, size, `/pro/${SLUG}/settings#zones`);
      await expect(page.getByRole('tabpanel', { name: 'Salles et tables' })).toBeVisible();
      const plan = page.getByRole('group', { name: 'Plan de Comptoir' });
      const tray = page.getByRole('group', { name: 'Tables à placer de Comptoir' });
      // The tray at the top of the screen, the plan under it.
      await tray.evaluate((element) => element.scrollIntoView({ block: 'start' }));

      // Three tables dragged from the tray onto the plan by finger.
      const places = { C1: [20, 25], C2: [35, 25], B1: [70, 60] } as const;
      const dropped: Record<string, { x: number; y: number }> = {};
      for (const [name, [x, y]] of Object.entries(places)) {
        dropped[name] = await touchDrag(page, tray.getByRole('button', { name: new RegExp(`^${name}, `) }), plan, x, y);
        await expect(plan.getByRole('button', { name: new RegExp(`^${name}, .*Ronde`) })).toBeVisible();
        await expect(tray.getByRole('button', { name: new RegExp(`^${name}, `) })).toHaveCount(0);
      }
      expect(await page.evaluate(() => (globalThis as unknown as { pointerTypes: string[] }).pointerTypes)).toEqual(['touch', 'touch', 'touch']);
      // Each where the finger left it (the plan stays put while the tray empties).
      for (const name of ['C1', 'C2', 'B1']) {
        const centre = await centreOf(plan.getByRole('button', { name: new RegExp(`^${name}, `) }));
        expect(Math.abs(centre.x - dropped[name]!.x)).toBeLessThan(4);
        expect(Math.abs(centre.y - dropped[name]!.y)).toBeLessThan(4);
      }

      // B1 tapped: a rectangle, staff only, given first; then C1 and C2 tapped together and combined for three or four guests.
      await plan.getByRole('button', { name: /^B1, / }).tap();
      const b1 = page.getByRole('group', { name: 'Table B1' });
      await b1.getByRole('radio', { name: 'Rectangulaire' }).check();
      await b1.getByRole('checkbox', { name: 'Proposée en ligne' }).uncheck();
      // Emptied to type another number, a field stays empty instead of showing 0; left empty, it shows its number again.
      const priority = b1.getByLabel('Priorité (0 à 9)');
      const before = await priority.inputValue();
      await emptyByKeyboard(priority);
      await priority.blur();
      await expect(priority).toHaveValue(before);
      await emptyThenType(priority, '8');
      await expect(plan.getByRole('button', { name: 'B1, 4 places, Rectangulaire, réservée à l’équipe' })).toBeVisible();
      await plan.getByRole('button', { name: /^B1, / }).tap();
      await plan.getByRole('button', { name: /^C1, / }).tap();
      await plan.getByRole('button', { name: /^C2, / }).tap();
      await expect(plan.getByRole('button', { name: /^C1, /, pressed: true })).toBeVisible();
      const combine = page.getByRole('group', { name: 'Jumeler C1 + C2' });
      await expect(combine.getByLabel('Convives au plus')).toHaveValue('4');
      await combine.getByLabel('Convives au moins').fill('3');
      await combine.getByRole('button', { name: 'Jumeler' }).tap();
      await expect(page.getByRole('list', { name: 'Tables jumelées de Comptoir' }).getByText('C1 + C2 · 3 à 4 convives')).toBeVisible();

      // The keyboard way: C3 placed from the tray, then moved two steps right with the arrow key.
      await tray.getByRole('button', { name: 'Placer C3' }).click();
      const c3 = plan.getByRole('button', { name: /^C3, / });
      await expect(c3).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');

      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Enregistré' })).toBeVisible();

      const { definition } = await readDefinition(request);
      const counter = definition.zones.find((zone) => zone.name === 'Comptoir')!;
      const byName = Object.fromEntries(counter.tables.map((table) => [table.name, table]));
      expect(byName.C1!.plan).toEqual({ x: expect.closeTo(20, 0), y: expect.closeTo(25, 0), shape: 'round' });
      expect(byName.B1).toMatchObject({ online: false, priority: 8, plan: { shape: 'rect', x: expect.closeTo(70, 0), y: expect.closeTo(60, 0) } });
      // C3 took the first free point of the grid (48, 15), then two steps right.
      expect(byName.C3!.plan).toEqual({ x: 50, y: 15, shape: 'round' });
      expect(byName.C4!.plan).toBeUndefined();
      expect(counter.combinations).toEqual([{ tables: ['C1', 'C2'], minSeats: 3, maxSeats: 4 }]);

      // A reload reads the saved floor: every table where it was dropped.
      await page.reload();
      await islandsHydrated(page);
      await expect(plan.getByRole('button', { name: /^C1, / })).toBeVisible();
      await plan.scrollIntoViewIfNeeded();
      const area = (await plan.boundingBox())!;
      for (const [name, [x, y]] of Object.entries(places)) {
        const centre = await centreOf(plan.getByRole('button', { name: new RegExp(`^${name}, `) }));
        expect(Math.abs(centre.x - (area.x + (area.width * x) / 100))).toBeLessThan(4);
        expect(Math.abs(centre.y - (area.y + (area.height * y) / 100))).toBeLessThan(4);
      }
      await expect(page.getByRole('list', { name: 'Tables jumelées de Comptoir' }).getByText('C1 + C2 · 3 à 4 convives')).toBeVisible();
      await plan.getByRole('button', { name: /^C2, / }).tap();
      // What the tablet shows: the plan's title, the tray and the plan at the top of the screen.
      await page.getByRole('region', { name: 'Plan — Comptoir' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}staff-floor-editor-${size.width}.png`, animations: 'disabled' });
      await page.context().close();
    });
  }

  for (const [size, table] of [
    [WIDTHS[0]!, 'C3'],
    [WIDTHS[1]!, 'C4'],
  ] as const) {
    test(`at ${size.width} px the book's plan shows each table's state live, and seats a walk-in on a free staff-only table in two taps`, async ({
      browser,
      baseURL,
      request,
    }) => {
      await saveDefinition(request, placedFloor());
      await bookToday(request);
      const page = await ownerPage(browser, baseURL!, size, `/pro/${SLUG}`);
      await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
      await page.getByRole('button', { name: 'Plan', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Plan', exact: true })).toHaveAttribute('aria-pressed', 'true');
      const plan = page.getByRole('group', { name: 'Plan de Comptoir' });
      await expect(plan.getByRole('button', { name: /^C1, 2 places, installée depuis \d\d:\d\d$/ })).toBeVisible();
      await expect(plan.getByRole('button', { name: /^B3, 6 places, réservée à \d\d:\d\d$/ })).toBeVisible();
      const free = plan.getByRole('button', { name: `${table}, 2 places, libre, réservée à l’équipe` });
      await expect(free).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Two taps: the table, then "Installer" (the party set to the table's seats).
      await free.tap();
      const dialog = page.getByRole('dialog', { name: `Table ${table} · 2 places` });
      const party = dialog.getByLabel('Convives');
      await expect(party).toHaveValue('2');
      // Emptied to type another party, it stays empty rather than showing 1.
      await emptyThenType(party, '2');
      await dialog.getByRole('button', { name: 'Installer', exact: true }).tap();
      await expect(dialog).toHaveCount(0);
      await expect(plan.getByRole('button', { name: new RegExp(`^${table}, 2 places, installée depuis \\d\\d:\\d\\d, réservée à l’équipe$`) })).toBeVisible();

      const day = (await (await request.get(`/api/pro/${SLUG}/bookings`, { headers: auth() })).json()) as {
        bookings: { party: number; arrived_at: string | null; tables: { name: string }[]; diner: { firstname: string } }[];
      };
      expect(day.bookings.filter((row) => row.tables.some((each) => each.name === table))).toEqual([
        expect.objectContaining({ party: 2, arrived_at: expect.any(String), diner: expect.objectContaining({ firstname: 'Sans réservation' }) }),
      ]);

      // The late table's booking opens its actions from the plan.
      await plan.getByRole('button', { name: /^B2, / }).tap();
      await page
        .getByRole('dialog', { name: 'Table B2 · 4 places' })
        .getByRole('button', { name: /Plan-Tard/ })
        .tap();
      await expect(page.getByRole('dialog', { name: /Plan-Tard/ }).getByRole('button', { name: 'Client arrivé' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.evaluate(() => globalThis.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}staff-plan-${size.width}.png`, fullPage: true, animations: 'disabled' });
      await page.context().close();
    });
  }

  test('at 390 px the floor editor and the plan still fit a phone, without serious axe violations', async ({ browser, baseURL, request }) => {
    await saveDefinition(request, placedFloor());
    await bookToday(request);
    const book = await ownerPage(browser, baseURL!, PHONE, `/pro/${SLUG}`);
    await book.getByRole('button', { name: 'Plan', exact: true }).click();
    await expect(book.getByRole('group', { name: 'Plan de Comptoir' }).getByRole('button', { name: /^B2, .*en retard/ })).toBeVisible();
    expect(await seriousAxeViolations(book)).toEqual([]);
    expect(await book.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await book.screenshot({ path: `${SHOTS}staff-plan-390.png`, fullPage: true, animations: 'disabled' });
    await book.context().close();

    const settings = await ownerPage(browser, baseURL!, PHONE, `/pro/${SLUG}/settings#zones`);
    // Every section's tab in view at once, none scrolled off the phone's edge.
    const tabs = settings.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveCount(7);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(PHONE.width);
    }
    const plan = settings.getByRole('group', { name: 'Plan de Comptoir' });
    await plan.getByRole('button', { name: /^B3, / }).tap();
    await expect(settings.getByRole('group', { name: 'Table B3' })).toBeVisible();
    expect(await seriousAxeViolations(settings)).toEqual([]);
    expect(await settings.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await settings.getByRole('region', { name: 'Plan — Comptoir' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await settings.screenshot({ path: `${SHOTS}staff-floor-editor-390.png`, animations: 'disabled' });
    await settings.context().close();
  });
});

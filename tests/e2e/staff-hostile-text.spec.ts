/**
 * Hostile text in the staff book: a diner whose names and comment are markup and script, and a private note and a
 * refusal message staff type the same way. The book shows each as the literal text, runs none of it, links none of it.
 */
import type { Locator } from '@playwright/test';
import { HOSTILE_MARKER } from '../support/hostile-merchant.ts';
import { localDate } from './booking-home-support.ts';
import { expect, test } from './fixture.ts';
import { SALLE, staffBook } from './staff-book-support.ts';
import { watchForScript } from './script-watch.ts';
import { createDraft, postJson, validateThroughApi } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';
const RLO = '\u202E';

/** What the diner and staff write: tags, handlers, a javascript: URL, an RTL override, placeholders and words far too long for a line. */
const HOSTILE = {
  firstname: `<img src=x onerror=alert(\`${HOSTILE_MARKER}-first\`)>&q=#`,
  lastname: `"><script>alert(\`${HOSTILE_MARKER}-last\`)</script>{{ref}}${RLO}${'W'.repeat(40)}`,
  comment: `javascript:alert(\`${HOSTILE_MARKER}-comment\`) <iframe src="javascript:alert(1)"></iframe> {{name}} $& </p><b id="${HOSTILE_MARKER}-comment">${RLO}gpj.exe ${'Z'.repeat(300)}`,
  note: `</textarea><svg onload=alert(\`${HOSTILE_MARKER}-note\`)><b id=${HOSTILE_MARKER}-note>$t(staff.brand)`,
  message: `<a href="javascript:alert('${HOSTILE_MARKER}-message')">clic</a><img src=x onerror=alert(1)>${RLO}Complet`,
};
const FULL_NAME = `${HOSTILE.firstname} ${HOSTILE.lastname}`;

/** Elements no text of a booking may turn into, in a card or anywhere on the page. */
async function expectNoInjectedMarkup(card: Locator): Promise<void> {
  await expect(card.locator('img, script, iframe, svg, object, embed, b, [onerror], [onload]')).toHaveCount(0);
  await expect(card.page().locator(`[id^="${HOSTILE_MARKER}"]`)).toHaveCount(0);
  // One link: the diner's phone, dialled from digits and + only.
  await expect(card.getByRole('link')).toHaveCount(1);
  await expect(card.getByRole('link')).toHaveAttribute('href', /^tel:\+?\d+$/);
}

/**
 * Whether `text`, found in one text node of `scope`, is laid out left to right as French reads it: a direction
 * override in a diner's name must not run on into the reference or the time written after it.
 */
async function readsLeftToRight(scope: Locator, text: string): Promise<boolean> {
  return scope.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(wanted);
      if (at < 0) continue;
      const box = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect();
      };
      const first = box(at);
      const last = box(at + wanted.length - 1);
      return first.top < last.top || (first.top === last.top && first.left < last.left);
    }
    throw new Error(`no text node holds ${wanted}`);
  }, text);
}

/** Nothing in the card is wider than the card (a very long word wraps). */
async function expectNoOverflow(card: Locator): Promise<void> {
  const overflow = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the book shows a diner\u2019s hostile names and comment, and staff\u2019s hostile note and message, as text and runs none of it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const draft = await createDraft(request);
  const phone = `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const guest = await postJson<{ access_token: string }>(request, '/api/front/user/no_account', {
    firstname: HOSTILE.firstname,
    lastname: HOSTILE.lastname,
    phone,
    email: 'hostile.diner@example.org',
    bookingToken: draft.token,
  });
  const bearer = guest.body.access_token;
  await postJson(request, '/api/booking/set_comment', { token: draft.token, merchant_slug: SLUG, comment: HOSTILE.comment }, { bearer });
  await validateThroughApi(request, draft, bearer);
  const { ref } = (await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG })).body.booking;

  let seen: ReturnType<typeof watchForScript> = { dialogs: [], blocked: [] };
  const staff = await staffBook(browser, baseURL!, SALLE, SLUG, localDate(draft.timestamp * 1000, 'Europe/Paris'), async (page) => {
    seen = watchForScript(page);
  });
  // A phone's width: the long words must wrap there too.
  await staff.setViewportSize({ width: 390, height: 900 });
  const card = staff.getByRole('article').filter({ hasText: `Réf. ${ref}` });
  await expect(card.getByText(FULL_NAME, { exact: true })).toBeVisible();
  await expect(card.getByText(HOSTILE.comment)).toBeVisible();
  await expectNoInjectedMarkup(card);
  await expectNoOverflow(card);
  const hour = (await card.getByText(/^\d{2}:\d{2}$/).textContent())!;

  // A private note typed by staff; the dialogs write the name before the time and the reference, which stay readable.
  await card.getByRole('button', { name: "Plus d'actions" }).click();
  const more = staff.getByRole('dialog');
  await expect(more.getByRole('heading')).toContainText(FULL_NAME);
  expect(await readsLeftToRight(more.getByRole('heading'), hour)).toBe(true);
  await more.getByRole('button', { name: 'Note privée' }).click();
  const noteDialog = staff.getByRole('dialog', { name: 'Note privée' });
  const summary = noteDialog.getByText(FULL_NAME);
  await expect(summary).toContainText(`${hour} · réf. ${ref}`);
  expect(await readsLeftToRight(summary, ref)).toBe(true);
  await noteDialog.getByRole('textbox', { name: 'Note' }).fill(HOSTILE.note);
  await noteDialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(card.getByText(HOSTILE.note)).toBeVisible();

  // A refusal with a message typed by staff.
  await card.getByRole('button', { name: 'Refuser' }).click();
  const refuse = staff.getByRole('dialog', { name: 'Refuser la réservation ?' });
  expect(await readsLeftToRight(refuse.getByText(FULL_NAME), ref)).toBe(true);
  await refuse.getByRole('textbox', { name: 'Message au client (facultatif)' }).fill(HOSTILE.message);
  await refuse.getByRole('button', { name: 'Refuser' }).click();
  await expect(refuse).toBeHidden();
  await expect(staff.getByRole('status').filter({ hasText: 'refusée' })).toHaveText(`Réservation de ${FULL_NAME} refusée.`);
  await expect(card.getByText(`Complet — ${HOSTILE.message}`, { exact: true })).toBeVisible();
  await expect(card.getByText(HOSTILE.note)).toBeVisible();
  await expect(card.getByText(FULL_NAME, { exact: true })).toBeVisible();
  await expectNoInjectedMarkup(card);
  await expectNoOverflow(card);

  // The search across days, with a hostile query that finds the booking by its first name...
  const search = staff.getByRole('searchbox', { name: 'Rechercher une réservation' });
  await search.fill(HOSTILE.firstname);
  await staff.getByRole('button', { name: 'Rechercher' }).click();
  await expect(staff.getByRole('heading', { level: 2, name: `Résultats pour « ${HOSTILE.firstname} »` })).toBeVisible();
  const found = staff.getByRole('article').filter({ hasText: `Réf. ${ref}` });
  await expect(found.getByText(FULL_NAME, { exact: true })).toBeVisible();
  await expect(found.getByText(HOSTILE.comment)).toBeVisible();
  await expectNoInjectedMarkup(found);
  await expectNoOverflow(found);

  // ...and one whose SQL wildcards and quotes match nothing.
  const nothing = `%_' OR 1=1 --"><script>alert(\`${HOSTILE_MARKER}-search\`)</script>`;
  await search.fill(nothing);
  await staff.getByRole('button', { name: 'Rechercher' }).click();
  await expect(staff.getByRole('heading', { level: 2, name: `Résultats pour « ${nothing} »` })).toBeVisible();
  await expect(staff.getByText('Aucune réservation trouvée.')).toBeVisible();
  await expect(staff.getByRole('article')).toHaveCount(0);
  await expect(staff.locator(`[id^="${HOSTILE_MARKER}"], img, iframe, [onerror], [onload]`)).toHaveCount(0);

  expect(seen.dialogs).toEqual([]);
  expect(seen.blocked).toEqual([]);
  await staff.context().close();
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { switchLang } from '../../../src/i18n/i18n.ts';
import GuestBadges from '../../../src/islands/staff/parts/GuestBadges.tsx';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import { EMPTY_GUEST_TAGS } from '../../../src/shared/guest-profile.ts';
import { $staffBook, loadDay, openBook } from '../../../src/stores/staff-book.ts';
import { $staffGuest, closeGuest, openGuest, saveGuestTags } from '../../../src/stores/staff-guest.ts';
import { $staffSession } from '../../../src/stores/staff-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';

// The guest profile as the book's store reads and saves it, against the real server; and its badges as text.
const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
const DAY = '2026-11-27';
let claire: string;
let token: string;

beforeAll(async () => {
  setApiBaseUrl(server.url);
  claire = (await staffApi.login('claire@le-petit-zinc.example', 'zinc-comptoir-1952')).access_token;
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  token = (await dinerBooks(server, SLUG, DAY, { lastname: 'Profil', phone: '+33633445566' })).token;
  await switchLang('en');
});

beforeEach(async () => {
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  openBook(SLUG, DAY);
  await loadDay(DAY);
  closeGuest();
});

const rowOf = () => $staffBook.get().bookings.find((booking) => booking.token === token)!;

describe('the guest profile in the book', () => {
  test('opens a booking’s diner: nothing kept yet, their one booking here', async () => {
    expect(await openGuest(token)).toEqual({ ok: true });
    expect($staffGuest.get()).toMatchObject({ token, status: 'ready', overtaken: false, guest: { identity: 'account', revision: 0, counts: { bookings: 1 } } });
    expect(rowOf().guest).toBeNull();
  });

  test('a save is written from the revision read and the day is read again: the card’s row carries the tags', async () => {
    await openGuest(token);
    const tags = { ...EMPTY_GUEST_TAGS, vip: true, allergens: ['sesame' as const], note: 'Anniversary' };
    expect(await saveGuestTags(tags)).toEqual({ ok: true });
    expect($staffGuest.get().guest).toMatchObject({ revision: 1, tags, updated_by: 'claire@le-petit-zinc.example' });
    expect(rowOf().guest).toEqual(tags);
  });

  test('another tablet saved in between: 409, ours not written, theirs shown and marked as such', async () => {
    await openGuest(token);
    const read = $staffGuest.get().guest!;
    await staffApi.saveGuest(SLUG, token, { ...read.tags, note: 'From the bar tablet', revision: read.revision });
    const outcome = await saveGuestTags({ ...read.tags, note: 'From the host stand' });
    expect(outcome).toMatchObject({ ok: false, code: 'stale_revision' });
    expect($staffGuest.get()).toMatchObject({ overtaken: true, guest: { revision: read.revision + 1, tags: { note: 'From the bar tablet' } } });
    expect((await staffApi.guest(SLUG, token)).guest.tags.note).toBe('From the bar tablet');
  });

  test('a closed profile drops a read answering late', async () => {
    const reading = openGuest(token);
    closeGuest();
    await reading;
    expect($staffGuest.get()).toMatchObject({ token: null, guest: null });
  });
});

describe('the badges a host sees on the card', () => {
  const hostile = '<img src=x onerror=alert(1)>';
  test('VIP and the allergies by name; a hostile seating preference is text', () => {
    const html = renderToStaticMarkup(
      createElement(GuestBadges, { booking: { guest: { vip: true, regular: false, seating: hostile, allergens: ['peanuts', 'milk'], note: hostile } } }),
    );
    expect(html).toContain('VIP');
    expect(html).toContain('Allergies: peanuts, milk');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('the compact line signs allergies, naming them for screen readers; nothing kept is no badge', () => {
    const html = renderToStaticMarkup(createElement(GuestBadges, { booking: { guest: { ...EMPTY_GUEST_TAGS, allergens: ['fish'] } }, short: true }));
    expect(html).toMatch(/<span aria-hidden="true">⚠<\/span><span class="visually-hidden">Allergies: fish<\/span>/);
    expect(renderToStaticMarkup(createElement(GuestBadges, { booking: { guest: null } }))).toBe('');
    expect(renderToStaticMarkup(createElement(GuestBadges, { booking: { guest: EMPTY_GUEST_TAGS } }))).toBe('');
    // A regular alone is a badge on the card, not on the compact line (VIP and allergies only there).
    const regular = { guest: { ...EMPTY_GUEST_TAGS, regular: true } };
    expect(renderToStaticMarkup(createElement(GuestBadges, { booking: regular }))).toContain('Regular');
    expect(renderToStaticMarkup(createElement(GuestBadges, { booking: regular, short: true }))).toBe('');
  });
});

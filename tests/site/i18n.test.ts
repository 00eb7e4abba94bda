import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MESSAGE_PARTS, type MessagePart } from '../../src/i18n/message-parts.ts';
import { LANGS, t } from '../../src/i18n/t.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

const MESSAGES = join(import.meta.dirname, '../../src/i18n/messages');
const readPart = async (lang: string, part: MessagePart) => JSON.parse(await readFile(join(MESSAGES, lang, `${part}.json`), 'utf8')) as Tree;

const parts = Object.fromEntries(
  await Promise.all(
    LANGS.map(
      async (lang) => [lang, Object.fromEntries(await Promise.all(MESSAGE_PARTS.map(async (part) => [part, await readPart(lang, part)] as const)))] as const,
    ),
  ),
);
const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, leaves(Object.assign({}, ...Object.values(parts[lang]!)) as Tree)] as const));

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('the message catalogues', () => {
  test('no two parts of a catalogue share a top-level key', () => {
    const owners = new Map<string, string>();
    for (const part of MESSAGE_PARTS) {
      for (const key of Object.keys(parts.fr![part]!)) {
        expect([key, owners.get(key)]).toEqual([key, undefined]);
        owners.set(key, part);
      }
    }
  });

  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s splits its messages into the same parts as French', (lang) => {
    for (const part of MESSAGE_PARTS) expect([part, Object.keys(parts[lang]![part]!).sort()]).toEqual([part, Object.keys(parts.fr![part]!).sort()]);
  });

  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s has exactly the French keys', (lang) => {
    expect([...catalogues[lang]!.keys()].sort()).toEqual([...catalogues.fr!.keys()].sort());
  });

  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s uses the same placeholders as French', (lang) => {
    for (const [key, text] of catalogues.fr!) expect([key, placeholders(catalogues[lang]!.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  test.each(LANGS.map((lang) => [lang]))('%s leaves no message empty', (lang) => {
    for (const [key, text] of catalogues[lang]!) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});

// The server's own parts (server-*.json): read by src/server/i18n/server-texts.ts only, never by the site.
const serverPartsOf = async (lang: string) => (await readdir(join(MESSAGES, lang))).filter((file) => file.startsWith('server-')).sort();
const SERVER_PARTS = await serverPartsOf('fr');
const serverCatalogues = Object.fromEntries(
  await Promise.all(
    LANGS.map(
      async (lang) =>
        [
          lang,
          Object.fromEntries(
            await Promise.all(
              SERVER_PARTS.map(async (file) => [file, leaves(JSON.parse(await readFile(join(MESSAGES, lang, file), 'utf8')) as Tree)] as const),
            ),
          ),
        ] as const,
    ),
  ),
);

describe("the server's message catalogues", () => {
  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s has the same server parts as French', async (lang) => {
    expect(await serverPartsOf(lang)).toEqual(SERVER_PARTS);
  });

  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s has exactly the French keys in each server part', (lang) => {
    for (const file of SERVER_PARTS)
      expect([file, [...serverCatalogues[lang]![file]!.keys()].sort()]).toEqual([file, [...serverCatalogues.fr![file]!.keys()].sort()]);
  });

  test.each(LANGS.filter((lang) => lang !== 'fr').map((lang) => [lang]))('%s uses the same placeholders as French in each server part', (lang) => {
    for (const file of SERVER_PARTS) {
      for (const [key, text] of serverCatalogues.fr![file]!)
        expect([file, key, placeholders(serverCatalogues[lang]![file]!.get(key) ?? '')]).toEqual([file, key, placeholders(text)]);
    }
  });

  test.each(LANGS.map((lang) => [lang]))('%s leaves no server message empty', (lang) => {
    for (const file of SERVER_PARTS)
      for (const [key, text] of serverCatalogues[lang]![file]!) expect([file, key, text.trim().length > 0]).toEqual([file, key, true]);
  });

  test('no site code imports a server part', async () => {
    const root = join(import.meta.dirname, '../../src');
    const siteFolders = ['pages', 'components', 'layouts', 'islands', 'stores', 'lib', 'i18n', 'boot'];
    const importers: string[] = [];
    for (const folder of siteFolders) {
      for (const file of await readdir(join(root, folder), { recursive: true })) {
        if (!/\.(ts|tsx|astro|mjs|js)$/.test(file)) continue;
        if (/messages\/[a-z]+\/server-/.test(await readFile(join(root, folder, file), 'utf8'))) importers.push(`${folder}/${file}`);
      }
    }
    expect(importers).toEqual([]);
  });
});

describe('t', () => {
  test.each([
    ['fr', 'hours.closed', undefined, 'Fermé'],
    ['en', 'hours.closed', undefined, 'Closed'],
    ['es', 'booking.title', undefined, 'Reservar una mesa'],
    ['it', 'weekday.1', undefined, 'Lunedì'],
    ['fr', 'error.booking_call_for_booking', { phone: '+33 1 42 00 00 00' }, 'Pour réserver, appelez le restaurant au +33 1 42 00 00 00.'],
    ['fr', 'hours.range', { start: '12:00', end: '14:00' }, '12:00 – 14:00'],
    ['fr', 'error.error_min_seats', {}, "Le restaurant n'accepte pas les réservations de moins de {{min}} personnes."],
  ] as const)('in %s, %s with %j reads %j', (lang, key, vars, expected) => {
    expect(t(lang, key, vars)).toBe(expected);
  });

  test('answers the key itself for a message that does not exist', () => {
    expect(t('fr', 'nope.missing' as never)).toBe('nope.missing');
  });
});

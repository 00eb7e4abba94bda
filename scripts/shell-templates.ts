/**
 * A full build's validate and booking_complete shells filled from templates instead of rendered one by one: the two
 * pages differ between merchants only in the merchant's name, slug, phone, colours and logo. For each shape of merchant
 * (a logo photo or a plain image, the 12-hour clock or not) a probe merchant is rendered whose name spells every
 * character the filler knows between markers, and whose other values are distinctive. Where each value lands, and how
 * each place writes each character of the name (as text, in an attribute, in JSON, through i18next), is read off that
 * page; the islands' uids are recomputed (scripts/island-uid.ts). A merchant with anything else (no logo, a value not
 * written plainly, a character of its name not probed) is rendered; so are the first two merchants of each shape, and
 * compared with their fill: a shape whose fill differs is rendered from then on. Never a guess
 * (tests/site/hostile-merchant-site.test.ts compares fills and renders for every shape and hostile names).
 */
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { initials } from '../src/shared/initials.ts';
import { safeImageSrc } from '../src/shared/safe-url.ts';
import { displayMerchantPhone, merchantUses12h } from '../src/shared/phone-display.ts';
import { telHref } from '../src/shared/tel-href.ts';
import { themeStyle, themeVars } from '../src/shared/merchant-theme.ts';
import { photoSources } from '../src/shared/photo-variants.ts';
import type { ExternalizedPage } from './external-scripts.ts';
import { hashBefore, hashOfUid, shorthash, stringHash } from './island-uid.ts';

/** The routes whose pages are filled (scripts/render-merchants.ts MERCHANT_ROUTES). */
export const SHELL_ROUTES: ReadonlySet<string> = new Set(['/[slug]/validate', '/[slug]/booking_complete']);

/** How many merchants of each shape are rendered as well and compared before the shape's fills are trusted. */
const CHECKS = 2;

// Every character a filled name may hold: the rest are rendered.
const NAME_CHARS = [
  ...Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)),
  ...'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿŒœŸßğİışŁłńśźżčřšž’‘“”«»–—·…€°ªº¡¿',
];
const NAME_SET = new Set(NAME_CHARS);
// Markers between the probe name's characters: letters and digits, which every place writes as they are.
const marker = (index: number) => `Qz${String(index).padStart(3, '0')}Q`;
const PROBE_NAME = NAME_CHARS.map((char, index) => `${marker(index)}${char}`).join('') + marker(NAME_CHARS.length);
const PROBE_SLUG = 'qzprobeslugqz';
const PROBE_THEME = { primary: '#0b1c2d', background: '#f3e9d1' };
// A phone of a 24-hour country and one of a 12-hour country: the probe keeps the merchant's clock.
const PROBE_PHONES = ['+33199887766', '+12025550143'];
// Values written as they are in text, attributes and JSON alike.
const PLAIN = /^[A-Za-z0-9 +#:;/._,()\u00a0\u202f-]+$/;
const INITIALS = /^[\p{L}\p{N}?]+$/u;

type Hole = { start: number; end: number } & (
  { kind: 'value'; index: number } | { kind: 'name'; writes: Map<string, string> } | { kind: 'uid'; before: number }
);
type Segment = string | Hole;

interface Template {
  segments: Segment[];
  scripts: ExternalizedPage['scripts'];
}

/** The values of a merchant a shell holds, in a fixed order, and its shape; null when it must be rendered. */
function shellValues(merchant: MerchantListing): { shape: string; values: string[] } | null {
  if (typeof merchant.phone !== 'string') return null;
  const logo = safeImageSrc(merchant.logo?.path);
  const photo = logo ? photoSources(logo) : null;
  const vars = themeVars(merchant.theme);
  const values = [merchant.slug, merchant.phone, telHref(merchant.phone), displayMerchantPhone(merchant.phone), themeStyle(vars), vars.primary];
  if (!values.every((value) => PLAIN.test(value))) return null;
  // Without a logo the bar shows the name's initials: letters and digits, written as they are.
  const mark = logo ? [logo, ...(photo ? [photo.fallback.srcset, ...photo.sources.map((source) => source.srcset)] : [])] : [initials(merchant.name)];
  if (!mark.every((value) => (logo ? PLAIN : INITIALS).test(value))) return null;
  const shape = `${logo ? (photo ? `photo${photo.sources.length}` : 'image') : 'initials'}|${merchantUses12h(merchant) ? 12 : 24}`;
  return { shape, values: [...values, ...mark] };
}

function nameWritable(name: string): boolean {
  if (typeof name !== 'string' || name.length === 0 || name !== name.trim()) return false;
  for (const char of name) if (!NAME_SET.has(char)) return false;
  return true;
}

// The shape and values a template fills `merchant`'s shells with; null when they are rendered.
function fillable(merchant: MerchantListing): { shape: string; values: string[] } | null {
  return nameWritable(merchant.name) ? shellValues(merchant) : null;
}

/** The shape whose template fills `merchant`'s shells; null when they are rendered. */
export function shellShape(merchant: MerchantListing): string | null {
  return fillable(merchant)?.shape ?? null;
}

/** A merchant of `merchant`'s shape whose values are the probe's; null when no probe phone keeps its clock. */
function probeOf(merchant: MerchantListing): MerchantListing | null {
  const hour12 = merchantUses12h(merchant);
  const phone = PROBE_PHONES.find((candidate) => merchantUses12h({ phone: candidate }) === hour12);
  return phone ? { ...merchant, slug: PROBE_SLUG, name: PROBE_NAME, phone, theme: PROBE_THEME } : null;
}

const unescapeAttribute = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity]!);

/** The island whose uid begins at `uidStart` in `page`: what Astro hashed after the component (its children, its props). */
function islandRest(page: string, uidStart: number): { uidEnd: number; end: number; rest: string } | null {
  const uidEnd = page.indexOf('"', uidStart);
  const tagEnd = page.indexOf('>', uidEnd);
  const end = page.indexOf('<!--astro:end-->', tagEnd);
  const props = /\sprops="([^"]*)"/.exec(page.slice(uidStart, tagEnd));
  if (uidEnd < 0 || tagEnd < 0 || end < 0 || !props) return null;
  return { uidEnd, end, rest: `${page.slice(tagEnd + 1, end)}\n${unescapeAttribute(props[1]!)}` };
}

const ISLAND = '<astro-island uid="';

/** The template read off a probe's page; null when the page holds a probe value in a way the filler cannot write. */
function learn(page: ExternalizedPage, probeValues: readonly string[]): Template | null {
  const { html } = page;
  const holes: Hole[] = [];
  const taken = (start: number, end: number) => holes.some((hole) => start < hole.end && hole.start < end);
  for (let start = html.indexOf(marker(0)); start >= 0; start = html.indexOf(marker(0), start)) {
    const writes = new Map<string, string>();
    let cursor = start + marker(0).length;
    for (const [index, char] of NAME_CHARS.entries()) {
      const next = html.indexOf(marker(index + 1), cursor);
      if (next < 0 || html.slice(cursor, next).includes('Qz')) return null;
      writes.set(char, html.slice(cursor, next));
      cursor = next + marker(index + 1).length;
    }
    holes.push({ kind: 'name', start, end: cursor, writes });
    start = cursor;
  }
  // Longest first: a value inside another (the phone in its tel: link) is a hole of the longer one there.
  const byLength = probeValues.map((value, index) => ({ value, index })).sort((a, b) => b.value.length - a.value.length);
  for (const { value, index } of byLength) {
    for (let start = html.indexOf(value); start >= 0; start = html.indexOf(value, start + 1)) {
      if (!taken(start, start + value.length)) holes.push({ kind: 'value', index, start, end: start + value.length });
    }
  }
  for (let at = html.indexOf(ISLAND); at >= 0; at = html.indexOf(ISLAND, at + 1)) {
    const uidStart = at + ISLAND.length;
    const island = islandRest(html, uidStart);
    if (!island) return null;
    if (!taken(at, island.end)) continue;
    const whole = hashOfUid(html.slice(uidStart, island.uidEnd));
    if (whole === null) return null;
    holes.push({ kind: 'uid', start: uidStart, end: island.uidEnd, before: hashBefore(whole, island.rest) });
  }
  holes.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const hole of holes) {
    segments.push(html.slice(cursor, hole.start), hole);
    cursor = hole.end;
  }
  segments.push(html.slice(cursor));
  // Anything of the probe left in the text is a place the filler would not write: no template.
  const literal = segments.filter((segment): segment is string => typeof segment === 'string').join('\u0000');
  if (literal.includes('Qz') || literal.includes(PROBE_SLUG) || probeValues.some((value) => literal.includes(value))) return null;
  return { segments, scripts: page.scripts };
}

function fill(template: Template, name: string, values: readonly string[]): string {
  const uids: number[] = [];
  let page = '';
  for (const segment of template.segments) {
    if (typeof segment === 'string') page += segment;
    else if (segment.kind === 'value') page += values[segment.index]!;
    else if (segment.kind === 'name') for (const char of name) page += segment.writes.get(char)!;
    else {
      uids.push(segment.before);
      page += `\u0000${uids.length - 1}\u0000`;
    }
  }
  return page.replace(/\u0000(\d+)\u0000/g, (placeholder, index: string, offset: number) => {
    const island = islandRest(page, offset);
    return island ? shorthash(stringHash(island.rest, uids[Number(index)]!)) : placeholder;
  });
}

/** Fills shells for a renderer. */
export interface ShellTemplates {
  /**
   * The page of `route` for `merchant`: filled when its shape allows, else (or to check a shape) `render()`; a shape
   * not seen yet is learned from `renderProbe(probe)`, the page of a merchant that is in no list the renderer was given.
   */
  page(
    merchant: MerchantListing,
    route: string,
    render: () => Promise<ExternalizedPage>,
    renderProbe: (probe: MerchantListing) => Promise<ExternalizedPage>,
  ): Promise<ExternalizedPage>;
  /** Pages filled so far. */
  readonly counts: { filled: number };
}

/** Templates learned as merchants come. */
export function shellTemplates(): ShellTemplates {
  const shapes = new Map<string, { template: Template | null; checked: number }>();
  const counts = { filled: 0 };
  return {
    counts,
    async page(merchant, route, render, renderProbe) {
      const known = SHELL_ROUTES.has(route) ? fillable(merchant) : null;
      if (!known) return render();
      const key = `${route}|${known.shape}`;
      let shape = shapes.get(key);
      if (!shape) {
        const probe = probeOf(merchant);
        const probed = probe ? shellValues(probe) : null;
        const template = probe && probed?.shape === known.shape ? learn(await renderProbe(probe), probed.values) : null;
        shape = { template, checked: 0 };
        shapes.set(key, shape);
      }
      if (!shape.template) return render();
      const filled = fill(shape.template, merchant.name, known.values);
      if (shape.checked < CHECKS) {
        const rendered = await render();
        if (rendered.html === filled && JSON.stringify(rendered.scripts) === JSON.stringify(shape.template.scripts)) shape.checked += 1;
        else shape.template = null;
        return rendered;
      }
      counts.filled += 1;
      return { html: filled, scripts: shape.template.scripts };
    },
  };
}

/** Hex colour parsing and WCAG contrast: pure, so the browser, the build and the server pick the same readable colours. */

/** The dark text colour used on light surfaces (softer than pure black, still AAA on white). */
export const DARK_TEXT = '#1c1917';
/** The light text colour used on dark surfaces. */
export const LIGHT_TEXT = '#ffffff';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Returns the colour as lowercase #rrggbb, or null when it is not #rgb / #rrggbb. */
export function normaliseHex(hex: string): string | null {
  const value = hex.trim();
  if (!HEX.test(value)) return null;
  const digits = value.slice(1).toLowerCase();
  if (digits.length === 6) return `#${digits}`;
  return `#${[...digits].map((d) => d + d).join('')}`;
}

/** Returns the colour as lowercase #rrggbb, or the fallback when it is not a valid hex colour. */
export function safeHex(hex: string, fallback: string): string {
  return normaliseHex(hex) ?? fallback;
}

function channels(hex: string): [number, number, number] {
  const value = normaliseHex(hex);
  if (value === null) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(value.slice(1 + i, 3 + i), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2 relative luminance of a hex colour (0 black to 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour (dark or white) that reads best on the given hex background; pure black when
 * the soft dark would miss 4.5:1 (mid-luminance colours such as #ff0000), so AA always holds.
 */
export function readableTextOn(hex: string): string {
  const dark = contrastRatio(hex, DARK_TEXT);
  const light = contrastRatio(hex, LIGHT_TEXT);
  if (Math.max(dark, light) >= 4.5) return dark >= light ? DARK_TEXT : LIGHT_TEXT;
  return contrastRatio(hex, '#000000') >= light ? '#000000' : LIGHT_TEXT;
}

/**
 * The accent colour to use for text and thin strokes on the background: the accent itself when
 * it reaches the wanted contrast, else the accent darkened (or lightened on dark backgrounds)
 * just enough, so a pale brand colour stays recognisable yet readable.
 */
export function readableAccent(accent: string, background: string, minRatio = 4.5): string {
  if (contrastRatio(accent, background) >= minRatio) return normaliseHex(accent) ?? accent;
  const target = readableTextOn(background) === DARK_TEXT ? [0, 0, 0] : [255, 255, 255];
  const start = channels(accent);
  let mixed = toHex(start);
  for (let step = 1; step <= 20; step += 1) {
    const t = step / 20;
    mixed = toHex(start.map((c, i) => c + ((target[i] ?? 0) - c) * t));
    if (contrastRatio(mixed, background) >= minRatio) return mixed;
  }
  return mixed;
}

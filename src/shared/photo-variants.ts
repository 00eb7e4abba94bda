/**
 * The photos staff upload (logo, banner, zone images): the widths the page shows each kind at, and how their files are
 * named, so the server writes them and the page finds them from the one path a definition keeps.
 *
 * The definition keeps the fallback's path, `/media/{slug}/{kind}-{12 hex}.{w1}-{w2}-...{.jpg|.png}`: the widths made
 * are in the name, and beside it lie `{kind}-{12 hex}.{w}.webp` and `.avif` for each of them.
 */

/** The kinds of photo staff upload. */
export const PHOTO_KINDS = ['logo', 'banner', 'zone'] as const;

/** One kind of photo. */
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The widths (pixels) made of each kind: the logo shows at 96 CSS px (36 in the masthead), the banner full width, a zone at 96. */
export const PHOTO_WIDTHS: Readonly<Record<PhotoKind, readonly number[]>> = {
  logo: [96, 192, 288],
  banner: [640, 1280, 1920],
  zone: [96, 192, 288],
};

/** The modern formats made at each width, best first (the `<source>` order). */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;

/** One modern format. */
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

const UPLOADED = /^(\/media\/[a-z0-9-]+\/(?:logo|banner|zone)-[0-9a-f]{12})\.(\d{1,5}(?:-\d{1,5}){0,7})\.(jpg|png)$/;

/** The widths to make of a photo `width` pixels wide: the kind's, never enlarged; the photo's own when smaller than all. */
export function widthsFor(kind: PhotoKind, width: number): number[] {
  const fitting = PHOTO_WIDTHS[kind].filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

/** The file name of the fallback of an upload (`stem` is `{kind}-{12 hex}`). */
export function fallbackName(stem: string, widths: readonly number[], extension: 'jpg' | 'png'): string {
  return `${stem}.${widths.join('-')}.${extension}`;
}

/** The file name of one modern variant of an upload. */
export function variantName(stem: string, width: number, format: PhotoFormat): string {
  return `${stem}.${width}.${format}`;
}

/** An uploaded photo's responsive sources: per modern format a srcset with width descriptors, and the fallback's. */
export interface PhotoSources {
  sources: Array<{ type: `image/${PhotoFormat}`; srcset: string }>;
  fallback: { src: string; srcset: string; width: number };
}

/** The responsive sources of an image path when it names an uploaded photo, else null (an imported image or a URL). */
export function photoSources(path: string): PhotoSources | null {
  const match = UPLOADED.exec(path);
  if (!match) return null;
  const [, stem, widthList] = match as unknown as [string, string, string];
  const widths = widthList.split('-').map(Number);
  const largest = Math.max(...widths);
  return {
    sources: PHOTO_FORMATS.map((format) => ({
      type: `image/${format}` as const,
      srcset: widths.map((width) => `${variantName(stem, width, format)} ${width}w`).join(', '),
    })),
    fallback: { src: path, srcset: `${path} ${largest}w`, width: largest },
  };
}

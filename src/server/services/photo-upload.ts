/** A photo staff upload: read whatever its bytes really are, turned upright, stripped of metadata and made at the page's widths. */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { DomainError } from '../domain/errors.ts';
import { fallbackName, PHOTO_FORMATS, PHOTO_WIDTHS, variantName, widthsFor, type PhotoKind } from '../../shared/photo-variants.ts';
import { writeMediaFile } from './media-file-write.ts';

/** The most bytes a photo may have (the route refuses a larger body before reading it). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** The most pixels a photo may have (a small file may decode to a huge image). */
export const MAX_PHOTO_PIXELS = 40_000_000;

// What we read: JPEG, PNG, WebP, and HEIF when libvips decodes it (AVIF; HEVC HEIC is not in sharp's prebuilt libvips).
const READABLE = new Set(['jpeg', 'png', 'webp', 'heif']);
// The ISO-BMFF brands of HEVC-coded HEIF, as iPhones write it.
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const SEND_ANOTHER = 'send the photo as JPEG, PNG or WebP';

/** Whether the bytes begin as an HEVC-coded HEIF file (its ftyp box's major brand). */
function isHevcHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return box.startsWith('ftyp') && HEVC_BRANDS.has(box.slice(4));
}

function unsupported(what: string): never {
  throw new DomainError('unsupported_image_format', undefined, `${what} cannot be read here: ${SEND_ANOTHER}`);
}

function invalid(): never {
  throw new DomainError('invalid_image', undefined, `The body is not an image we can read: ${SEND_ANOTHER}`);
}

async function readMetadata(bytes: Buffer): Promise<Metadata> {
  try {
    // Only the header is read here: the pixel limit is checked below, to answer it as such.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    if (isHevcHeif(bytes)) unsupported('An HEIC (HEVC) photo');
    invalid();
  }
}

/** The photo upright and no wider than the kind's largest width, as raw pixels (decoded once for every file made). */
async function decodeUpright(bytes: Buffer, kind: PhotoKind): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: Math.max(...PHOTO_WIDTHS[kind]), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    if (isHevcHeif(bytes)) unsupported('An HEIC (HEVC) photo');
    invalid();
  }
}

function rawOf(info: OutputInfo): { width: number; height: number; channels: 1 | 2 | 3 | 4 } {
  return { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
}

/**
 * Stores a photo of merchant `slug` under {mediaDir}/{slug}/ and resolves the path a definition names it by. Its name
 * is its content's digest, so the same upload twice is one set of files, and a changed photo a new URL. The modern
 * variants are written first and the fallback last, so a fallback found means its variants are there.
 */
export async function storePhoto(mediaDir: string, slug: string, kind: PhotoKind, body: Uint8Array): Promise<string> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const metadata = await readMetadata(bytes);
  if (!READABLE.has(metadata.format)) unsupported(`A ${metadata.format.toUpperCase()} image`);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS) {
    throw new DomainError('image_too_large', undefined, `The photo has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`);
  }
  const stem = `${kind}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
  const { data, info } = await decodeUpright(bytes, kind);
  const widths = widthsFor(kind, info.width);
  // Transparency decides the fallback's format: an alpha channel that hides nothing (AVIF decodes with one) is dropped.
  const transparent = info.channels === 4 && !(await sharp(data, { raw: rawOf(info) }).stats()).isOpaque;
  const extension = transparent ? 'png' : 'jpg';
  const fallback = fallbackName(stem, widths, extension);
  const imagePath = `/media/${slug}/${fallback}`;
  if (await stat(path.join(mediaDir, slug, fallback)).catch(() => undefined)) return imagePath;

  // Made from the raw pixels: no metadata (EXIF, GPS, ICC) survives, since sharp writes none unless told to.
  const raw = () => {
    const pixels = sharp(data, { raw: rawOf(info) });
    return transparent || info.channels !== 4 ? pixels : pixels.removeAlpha();
  };
  for (const width of widths) {
    const resized = raw().resize({ width });
    const [avif, webp] = await Promise.all([resized.clone().avif({ quality: 55 }).toBuffer(), resized.clone().webp({ quality: 78 }).toBuffer()]);
    const encoded: Record<(typeof PHOTO_FORMATS)[number], Buffer> = { avif, webp };
    for (const format of PHOTO_FORMATS) await writeMediaFile(mediaDir, path.join(slug, variantName(stem, width, format)), encoded[format]);
  }
  const largest = raw().resize({ width: Math.max(...widths) });
  const content = extension === 'png' ? await largest.png({ compressionLevel: 9 }).toBuffer() : await largest.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeMediaFile(mediaDir, path.join(slug, fallback), content);
  return imagePath;
}

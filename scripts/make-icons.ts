/** Renders the PWA icons of public/icons/ (PNG sizes the web app manifest and iOS ask for) from its two SVG sources. */
import { join } from 'node:path';
import sharp from 'sharp';
import { PROJECT_ROOT } from './site-stamp.ts';

/** Each PNG: its file name, its source SVG and its size in pixels. */
export const ICONS = [
  { file: 'icon-192.png', source: 'icon.svg', size: 192 },
  { file: 'icon-512.png', source: 'icon.svg', size: 512 },
  { file: 'icon-maskable-512.png', source: 'icon-maskable.svg', size: 512 },
  { file: 'apple-touch-icon.png', source: 'icon-maskable.svg', size: 180 },
] as const;

/** Writes every icon of ICONS into public/icons/. */
export async function makeIcons(dir: string = join(PROJECT_ROOT, 'public', 'icons')): Promise<void> {
  for (const icon of ICONS) {
    await sharp(join(dir, icon.source), { density: (72 * icon.size) / 64 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(join(dir, icon.file));
  }
}

if (import.meta.main) await makeIcons();

/** An Astro integration writing the static pages' texts, one script per language (src/shared/static-texts.ts), before the service worker lists its files. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { staticTextFiles } from '../src/shared/static-texts.ts';

/** The integration; list it in astro.config.mjs before the service worker's. */
export function staticTexts(): AstroIntegration {
  return {
    name: 'couvert:static-texts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = staticTextFiles();
        for (const { file, code } of files) {
          const path = join(fileURLToPath(dir), file);
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, code);
        }
        logger.info(`wrote the static texts in ${files.length} languages`);
      },
    },
  };
}

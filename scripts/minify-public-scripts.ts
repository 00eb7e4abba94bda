/**
 * Minifies the site's hand-written classic scripts (public/*.js, e.g. lang-boot.js) in the build: Vite bundles only
 * module scripts, and these load before first paint, where every byte counts. Sources stay commented and readable.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { minifySync } from 'rolldown/utils';

/** Minifies, in the built site `dir`, the copy of every .js file at the top of `publicDir`; returns how many. */
export async function minifyPublicScripts(publicDir: string, dir: string): Promise<number> {
  const names = (await readdir(publicDir)).filter((name) => name.endsWith('.js'));
  for (const name of names) {
    const file = join(dir, name);
    const { code, errors } = minifySync(name, await readFile(file, 'utf8'));
    if (errors.length > 0) throw new Error(`${name} does not minify: ${errors.map((error) => error.message).join('; ')}`);
    await writeFile(file, code);
  }
  return names.length;
}

/** The Astro integration: minify public scripts once the build is written (before the service worker lists them). */
export function minifiedPublicScripts(): AstroIntegration {
  let publicDir = '';
  return {
    name: 'couvert:minify-public-scripts',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const count = await minifyPublicScripts(publicDir, fileURLToPath(dir));
        logger.info(`minified ${count} public script(s)`);
      },
    },
  };
}

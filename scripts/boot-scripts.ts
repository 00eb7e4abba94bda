/**
 * Builds each src/boot/*.ts into a standalone, minified classic script at /boot/{name}.js: the few scripts a page must
 * run before its islands load (the tracking page asks for its booking there). Astro bundles page scripts as modules
 * that share chunks with the islands and run only once the page is parsed; these need nothing else and start at once.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'rolldown';
import { loadEnv } from 'vite';

/** Where the boot scripts are served from. */
export const BOOT_PATH = '/boot/';

/** Builds every .ts file of `sourceDir` into `{outDir}/boot/{name}.js`, with `env` as import.meta.env; returns the names. */
export async function buildBootScripts(sourceDir: string, outDir: string, env: Record<string, string>): Promise<string[]> {
  const names = (await readdir(sourceDir)).filter((name) => name.endsWith('.ts')).map((name) => name.slice(0, -'.ts'.length));
  for (const name of names) {
    await build({
      input: join(sourceDir, `${name}.ts`),
      // The site's build-time settings, as Vite gives them to the islands.
      transform: { define: { 'import.meta.env': JSON.stringify(env) } },
      logLevel: 'warn',
      output: { file: join(outDir, BOOT_PATH, `${name}.js`), format: 'iife', minify: true },
    });
  }
  return names;
}

/** The Astro integration: boot scripts are written with the build, before the service worker lists its files. */
export function bootScripts(): AstroIntegration {
  let root = '';
  let sourceDir = '';
  return {
    name: 'couvert:boot-scripts',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        sourceDir = fileURLToPath(new URL('./src/boot/', config.root));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const names = await buildBootScripts(sourceDir, fileURLToPath(dir), loadEnv('production', root, 'PUBLIC_'));
        logger.info(`built ${names.length} boot script(s)`);
      },
    },
  };
}

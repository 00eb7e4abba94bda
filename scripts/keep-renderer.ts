/**
 * An Astro integration that keeps the build's compiled page renderer (Astro's prerender bundle, which the build
 * otherwise deletes) in the folder named by COUVERT_RENDERER_DIR, with what its pages' heads need from the build
 * (their stylesheets, injected head scripts), so scripts/render-merchants.ts re-renders a few merchants' pages later
 * with the same compiled code, in well under a second, without Vite.
 */
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';

/** The environment variable naming the folder the renderer is kept in (unset: nothing kept). */
export const RENDERER_DIR_ENV = 'COUVERT_RENDERER_DIR';
/** What the kept renderer needs besides its code, at the root of its folder. */
export const RENDERER_FILE = 'renderer.json';

/** renderer.json. */
export interface KeptRenderer {
  /** The prerender entry module, relative to the folder. */
  entry: string;
  /** The build's page data by Astro's page key, as the renderer's head elements read it (styles only). */
  pages: Array<[string, { styles: unknown[] }]>;
  /** Scripts integrations injected (Astro's settings.scripts). */
  scripts: unknown[];
  /** Bundled entry specifiers (the page script stage), as Astro's build internals map them: none in this site. */
  entrySpecifiers: Array<[string, string]>;
  /** The origin the build rendered its pages at (astro/dist/core/build/index.js). */
  origin: string;
  /** NODE_ENV the build compiled the pages with: their JSX calls React's production or development runtime. */
  nodeEnv?: string;
}

interface BuildAppLike {
  getSettings(): { scripts: Array<{ stage?: string }> };
}

/** The integration; list it in astro.config.mjs. */
export function keepRenderer(): AstroIntegration {
  let outDir: URL | undefined;
  let origin = '';
  let pages: Map<string, { styles?: unknown[] }> | undefined;
  let scripts: Array<{ stage?: string }> = [];
  return {
    name: 'couvert:keep-renderer',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        origin = config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`;
      },
      'astro:build:setup': (params) => {
        pages = params.pages as unknown as Map<string, { styles?: unknown[] }>;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((inner: AstroPrerenderer) => ({
          ...inner,
          name: 'couvert:keep-renderer',
          setup: async () => {
            await inner.setup?.();
            const app = (inner as unknown as { app?: BuildAppLike }).app;
            scripts = app?.getSettings().scripts ?? [];
          },
          getStaticPaths: () => inner.getStaticPaths(),
          render: (request, options) => inner.render(request, options),
        }));
      },
      'astro:build:generated': async ({ logger }) => {
        const target = process.env[RENDERER_DIR_ENV];
        if (!target || !outDir || !pages) return;
        // A page-stage script is bundled under a name only the build's internals know: such a site cannot be re-rendered.
        if (scripts.some((script) => script.stage === 'page')) {
          logger.warn('a page-stage script is injected: no renderer kept, every change rebuilds the site');
          return;
        }
        // Where Astro wrote its prerender bundle (astro/dist/prerender/utils.js): under the output when it is inside the working directory.
        const within = fileURLToPath(outDir).startsWith(process.cwd()) ? outDir : new URL('./.astro/', pathToFileURL(process.cwd() + '/'));
        const source = fileURLToPath(new URL('./.prerender/', within));
        const entry = (await readdir(source)).find((name) => name.startsWith('prerender-entry') && name.endsWith('.mjs'));
        if (!entry) throw new Error(`no prerender entry in ${source}`);
        const staging = `${target}.staging-${process.pid}`;
        await rm(staging, { recursive: true, force: true });
        await mkdir(staging, { recursive: true });
        await cp(source, staging, { recursive: true });
        const kept: KeptRenderer = {
          entry,
          pages: [...pages].map(([key, data]) => [key, { styles: data.styles ?? [] }]),
          scripts,
          entrySpecifiers: [],
          origin,
          nodeEnv: process.env.NODE_ENV ?? 'production',
        };
        await writeFile(join(staging, RENDERER_FILE), JSON.stringify(kept));
        await rm(target, { recursive: true, force: true });
        await rename(staging, target);
        logger.info(`kept the page renderer in ${target}`);
      },
    },
  };
}

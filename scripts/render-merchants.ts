/**
 * Renders merchants' pages, and the site root, with the compiled renderer a full build kept (scripts/keep-renderer.ts):
 * the same page components and the same code as the build, so a page comes out byte for byte as the build wrote it
 * (inline scripts moved to /_astro/ and body styles hoisted, as scripts/external-scripts.ts does after a build; by
 * scripts/page-preparer.ts, which parses only the first page of a kind).
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MERCHANTS_FILE_ENV } from '../src/shared/merchants-file-env.ts';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import type { ExternalizedPage, ExternalScript } from './external-scripts.ts';
import { pagePreparer, type PagePreparer } from './page-preparer.ts';
import { RENDERER_FILE, type KeptRenderer } from './keep-renderer.ts';
import { shellTemplates } from './shell-templates.ts';

/** A merchant's pages: Astro's route, and the page's folder under the merchant's. */
export const MERCHANT_ROUTES = [
  { route: '/[slug]', folder: '' },
  { route: '/[slug]/validate', folder: 'validate/' },
  { route: '/[slug]/booking_complete', folder: 'booking_complete/' },
] as const;

/** One rendered page: its file in the site ("sakura-ramen/validate/index.html"), its HTML, the script files it refers to. */
export interface RenderedPage {
  file: string;
  html: string;
  scripts: ExternalScript[];
}

interface RouteDataLike {
  route: string;
}

// The parts of Astro's BuildApp (astro/dist/core/build/app.js) the prerender bundle exports as `app`.
interface BuildAppLike {
  manifest: { routes: Array<{ routeData: RouteDataLike }> };
  routeCache: { clearAll(): void };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteDataLike }): Promise<Response>;
}

/** A loaded renderer. */
export interface MerchantRenderer {
  /** Renders the pages of the merchants listed in `merchantsFile` (all of them), one merchant after another. */
  renderMerchants(merchantsFile: string, slugs: readonly string[]): Promise<RenderedPage[]>;
  /** Renders the site root from the complete list in `merchantsFile`. */
  renderHome(merchantsFile: string): Promise<RenderedPage>;
  /** Pages prepared so far: parsed (the first of a kind, or one unlike the others), or by replacing what was learned. */
  readonly prepared: PagePreparer['counts'];
  /** Shells filled from templates so far (scripts/shell-templates.ts), with `fillShells`. */
  readonly filled: number;
}

// Astro's logger writes through this; only what went wrong is worth a line.
const destination = {
  write(event: { level: string; message: string }): boolean {
    if (event.level === 'error' || event.level === 'warn') console.error(event.message);
    return true;
  },
};

/**
 * Loads the renderer kept in `dir`; throws when it is missing or not one this Astro can drive. `preparer` makes each
 * rendered page ready to serve (a test passes one that checks the default against a parse of every page);
 * `fillShells` fills the validate and booking_complete shells from templates where the merchant's shape allows.
 */
export async function openRenderer(
  dir: string,
  preparer: PagePreparer = pagePreparer(),
  { fillShells = false }: { fillShells?: boolean } = {},
): Promise<MerchantRenderer> {
  const kept = JSON.parse(await readFile(join(dir, RENDERER_FILE), 'utf8')) as KeptRenderer;
  // The renderer loads its packages (React) from node_modules in the mode its pages were compiled for: unset, they run
  // their development builds, several times slower than the production ones a build compiles for.
  process.env.NODE_ENV ??= kept.nodeEnv ?? 'production';
  const loaded = (await import(pathToFileURL(join(dir, kept.entry)).href)) as { app?: BuildAppLike };
  if (typeof loaded.app?.setInternals !== 'function' || typeof loaded.app.render !== 'function') throw new Error(`${dir}: not a page renderer`);
  const app: BuildAppLike = loaded.app;
  // What the build's environment reads when it writes a page's head: its stylesheets, injected scripts, the page script.
  app.setInternals({ pagesByKeys: new Map(kept.pages), entrySpecifierToBundleMap: new Map(kept.entrySpecifiers) });
  app.setOptions({ settings: { scripts: kept.scripts }, logger: { options: { destination, level: 'warn' } } });
  const routeData = (route: string): RouteDataLike => {
    const found = app.manifest.routes.find((entry) => entry.routeData.route === route)?.routeData;
    if (!found) throw new Error(`${dir}: no route ${route}`);
    return found;
  };

  async function render(url: string, route: string): Promise<ExternalizedPage> {
    const response = await app.render(new Request(new URL(url, kept.origin)), { routeData: routeData(route) });
    if (response.status !== 200) throw new Error(`rendering ${url} answered ${response.status}`);
    return preparer.prepare(await response.text());
  }

  /** Points the pages at a list; getStaticPaths runs again for it. */
  function useList(merchantsFile: string): void {
    process.env[MERCHANTS_FILE_ENV] = merchantsFile;
    app.routeCache.clearAll();
  }

  /** Renders the page of a merchant in no list (a shell template's probe) from a list of its own, then points the pages back at `list`. */
  async function renderAlone(merchant: MerchantListing, route: string, folder: string, list: string): Promise<ExternalizedPage> {
    const alone = `${list}.probe.json`;
    await writeFile(alone, JSON.stringify([merchant]));
    try {
      useList(alone);
      return await render(`/${merchant.slug}/${folder}`, route);
    } finally {
      useList(list);
      await unlink(alone);
    }
  }

  const shells = shellTemplates();

  return {
    prepared: preparer.counts,
    get filled() {
      return shells.counts.filled;
    },
    async renderMerchants(merchantsFile, slugs) {
      useList(merchantsFile);
      const merchants = fillShells
        ? new Map((JSON.parse(await readFile(merchantsFile, 'utf8')) as MerchantListing[]).map((merchant) => [merchant.slug, merchant]))
        : new Map<string, MerchantListing>();
      const pages: RenderedPage[] = [];
      for (const slug of slugs) {
        const merchant = merchants.get(slug);
        for (const { route, folder } of MERCHANT_ROUTES) {
          const url = `/${slug}/${folder}`;
          const page = merchant
            ? await shells.page(
                merchant,
                route,
                () => render(url, route),
                (probe) => renderAlone(probe, route, folder, merchantsFile),
              )
            : await render(url, route);
          pages.push({ file: `${slug}/${folder}index.html`, ...page });
        }
      }
      return pages;
    },
    async renderHome(merchantsFile) {
      useList(merchantsFile);
      return { file: 'index.html', ...(await render('/', '/')) };
    },
  };
}

/**
 * How the browser's JavaScript is cut into files. Left alone, the bundler gives every module shared by a different set
 * of islands, page scripts and lazy imports a file of its own: the booking home loaded 30 files, many under 0.5 kB, each
 * compressed apart (gzip and Brotli restart their dictionary with every file) and each one more request. These groups
 * put modules that the same pages load before interaction into one file each (bench/web.ts weighs every route), so no
 * page loads code it did not load before, give or take a few hundred bytes, and what was lazy stays lazy.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { CodeSplittingGroup } from 'rolldown';

/** One group: the file's name and the modules it holds, as paths from the project root (`node_modules/...` for packages). */
export interface ChunkGroup {
  name: string;
  modules: string[];
}

/**
 * The groups, most shared first: a group also takes the modules its own import (the bundler's default), so each group's
 * dependencies must sit in a group before it, or the later group swallows them.
 */
export const CHUNK_GROUPS: readonly ChunkGroup[] = [
  // Every page, the site root and the legal pages too (src/components/SiteBoot.astro); build-env is lazy only there.
  { name: 'site', modules: ['\0vite/preload-helper.js', 'src/lib/platform/network-status.ts', 'src/lib/platform/build-env.ts'] },
  // Every page with an island, the diner's and the staff's: React, i18next, the stores' core and the API client.
  {
    name: 'react',
    modules: [
      'node_modules/react/index.js',
      'node_modules/react/jsx-runtime.js',
      // What JSX compiles to when the build runs with NODE_ENV other than production (vitest's build of the site).
      'node_modules/react/jsx-dev-runtime.js',
      'node_modules/react-dom/index.js',
      'node_modules/@nanostores/react/index.js',
      'node_modules/nanostores/map/index.js',
      'src/i18n/i18n.ts',
      'src/islands/shared/use-translation.ts',
      'src/islands/shared/use-hydrated.ts',
      'src/lib/api/api-client.ts',
      'src/lib/api/call.ts',
      'src/lib/navigation/navigate.ts',
    ],
  },
  // The diner's islands (booking pages, sign-in screens, account), not the staff's.
  { name: 'diner', modules: ['src/stores/merchant.ts', 'src/stores/auth.ts', 'src/lib/navigation/routes.ts', 'src/shared/safe-url.ts'] },
  // The diner's islands but the account page; lazy on the booking home (a manage link's exchange, signing in).
  { name: 'account-api', modules: ['src/lib/api/account-api.ts'] },
  // Pages that write dates and times: the booking pages and the staff book.
  {
    name: 'time',
    modules: [
      'src/shared/local-time.ts',
      'src/lib/calendar/calendar.ts',
      'src/shared/hour-cycle.ts',
      'src/islands/shared/use-hour12.ts',
      'src/shared/tel-href.ts',
      'node_modules/nanostores/computed/index.js',
      'node_modules/nanostores/lifecycle/index.js',
    ],
  },
  // The booking home, Validate and the tracking page (the booking's writes and its live availability are lazy on the home).
  {
    name: 'booking',
    modules: ['src/stores/booking.ts', 'src/stores/selection.ts', 'src/stores/slots.ts', 'src/lib/api/server-clock.ts'],
  },
  // Validate and the tracking page; lazy on the booking home, which needs them only once a time is chosen or touched.
  { name: 'booking-writes', modules: ['src/stores/booking-writes.ts', 'src/stores/availability-live.ts'] },
];

/** Whether a module id (an absolute path, or a virtual id) is `module`, a path from the project root `root` (ending in /). */
export function isModule(id: string, module: string, root: string): boolean {
  const path = id.replaceAll('\\', '/').split('?')[0]!;
  if (module.startsWith('\0')) return path === module;
  // Packages may be linked from elsewhere (a worktree's node_modules): their ids are the real paths.
  if (module.startsWith('node_modules/')) return path.endsWith(`/${module}`);
  return path === `${root}${module}`;
}

/** The groups as the bundler takes them, for the project at `root` (a path ending in /). */
export function codeSplittingGroups(root: string, groups: readonly ChunkGroup[] = CHUNK_GROUPS): CodeSplittingGroup[] {
  return groups.map((group, index) => ({
    name: group.name,
    priority: groups.length - index,
    test: (id: string) => group.modules.some((module) => isModule(id, module, root)),
  }));
}

/** The Astro integration: the groups for the browser's build only (the prerender build keeps its own chunks). */
export function clientChunks(): AstroIntegration {
  return {
    name: 'couvert:client-chunks',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const root = fileURLToPath(config.root).replaceAll('\\', '/');
        updateConfig({
          vite: { environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: codeSplittingGroups(root) } } } } } } },
        });
      },
    },
  };
}

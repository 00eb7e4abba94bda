/**
 * Keeps the static site up to date in child processes, one at a time, while the served pages stay served: a change of
 * known merchants renders only their pages into the site (scripts/update-site.ts); when that cannot be (no site yet,
 * the app's sources changed, no renderer kept) or fails, the whole site is built again (scripts/build-site.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NEEDS_FULL_BUILD } from '../../shared/site-update-exit.ts';
import type { Exclusively } from '../db/exclusive.ts';

const buildScript = fileURLToPath(new URL('../../../scripts/build-site.ts', import.meta.url));
const updateScript = fileURLToPath(new URL('../../../scripts/update-site.ts', import.meta.url));

/** What the builder needs to know. */
export interface SiteBuilderOptions {
  apiUrl: string;
  siteDir: string;
  dataDir: string;
  /** Wait this long after a change before updating, so an import of many merchants renders in few batches. */
  debounceMs?: number;
  /** Runs each build and update under the database's lock, one at a time across the processes that share the site. */
  exclusively?: Exclusively;
}

/** The name of the database lock builds and updates take. */
export const SITE_BUILD_LOCK = 'site-build';

/** Starts site builds and updates on demand. */
export function createSiteBuilder(options: SiteBuilderOptions) {
  let running: Promise<void> | undefined;
  let child: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  let fullAsked = false;
  // Compare the whole list with the site: after a full build, for changes made meanwhile through another process.
  let compareAll = false;
  const changed = new Set<string>();
  let stopped = false;

  function run(args: string[]): Promise<number | null> {
    const spawnOne = () => (stopped ? Promise.resolve(null) : spawnChild(args));
    return options.exclusively ? options.exclusively(SITE_BUILD_LOCK, spawnOne) : spawnOne();
  }

  function spawnChild(args: string[]): Promise<number | null> {
    return new Promise((resolve) => {
      // CPU-heavy: in its own process it never stalls the API's event loop.
      child = spawn(process.execPath, args, {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DATA_DIR: options.dataDir },
      });
      child.on('exit', (code) => {
        child = undefined;
        resolve(code);
      });
    });
  }

  async function fullBuild(onlyIfStale: boolean): Promise<void> {
    const args = [buildScript, '--api', options.apiUrl, '--out', options.siteDir];
    if (onlyIfStale) args.push('--if-stale');
    const code = await run(args);
    if (code !== 0 && !stopped) console.error(`site build failed (exit ${code}); the previous site is still served`);
    compareAll = code === 0 && !onlyIfStale;
  }

  /** Runs what was asked meanwhile: a full build, else an update of the merchants that changed (a full build if it cannot). */
  async function drain(): Promise<void> {
    while (!stopped && (fullAsked || compareAll || changed.size > 0)) {
      if (fullAsked) {
        fullAsked = false;
        changed.clear();
        await fullBuild(false);
        continue;
      }
      const which = compareAll ? ['--all'] : [...changed].flatMap((slug) => ['--slug', slug]);
      compareAll = false;
      changed.clear();
      const code = await run([updateScript, '--api', options.apiUrl, '--out', options.siteDir, ...which]);
      if (code === 0 || stopped) continue;
      if (code !== NEEDS_FULL_BUILD) console.error(`site update failed (exit ${code}); building the whole site`);
      fullAsked = true;
    }
  }

  function start(work: () => Promise<void>): Promise<void> {
    running = work().finally(() => {
      running = undefined;
      // Asked for while the last run was ending.
      if (!stopped && (fullAsked || changed.size > 0)) soon(0);
    });
    return running;
  }

  function soon(delayMs: number): void {
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!running) void start(drain);
    }, delayMs);
  }

  /** Builds the whole site now (or after the running work); with onlyIfStale, only what changed since it was built. */
  async function build({ onlyIfStale = false } = {}): Promise<void> {
    while (running) await running;
    if (stopped) return;
    await start(async () => {
      await fullBuild(onlyIfStale);
      await drain();
    });
  }

  /** A merchant changed, came or went: its pages are rendered again soon; changes arriving meanwhile share the run. */
  function merchantChanged(slug: string): void {
    changed.add(slug);
    soon(options.debounceMs ?? 100);
  }

  /** Asks for a full rebuild soon. */
  function rebuildSoon(): void {
    fullAsked = true;
    soon(options.debounceMs ?? 100);
  }

  /** Stops any running build. */
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    child?.kill('SIGTERM');
    await running;
  }

  return { build, merchantChanged, rebuildSoon, stop };
}

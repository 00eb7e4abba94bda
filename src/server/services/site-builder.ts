/** Rebuilds the static site in a child process, one build at a time, while the old pages stay served. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const buildScript = fileURLToPath(new URL('../../../scripts/build-site.ts', import.meta.url));

/** What the builder needs to know. */
export interface SiteBuilderOptions {
  apiUrl: string;
  siteDir: string;
  dataDir: string;
  /** Wait this long after a change before rebuilding, so an import of many merchants builds once. */
  debounceMs?: number;
}

/** Starts site builds on demand. */
export function createSiteBuilder(options: SiteBuilderOptions) {
  let running: Promise<void> | undefined;
  let child: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  let stopped = false;

  function runOnce(onlyIfStale: boolean): Promise<void> {
    const args = [buildScript, '--api', options.apiUrl, '--out', options.siteDir];
    if (onlyIfStale) args.push('--if-stale');
    return new Promise((resolve) => {
      // The build is CPU-heavy: in its own process it never stalls the API's event loop.
      child = spawn(process.execPath, args, {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DATA_DIR: options.dataDir },
      });
      child.on('exit', (code) => {
        child = undefined;
        if (code !== 0 && !stopped) console.error(`site build failed (exit ${code}); the previous site is still served`);
        resolve();
      });
    });
  }

  /** Builds now (or after the running build); with onlyIfStale, skips when the site matches the merchants. */
  async function build({ onlyIfStale = false } = {}): Promise<void> {
    while (running) await running;
    if (stopped) return;
    running = runOnce(onlyIfStale).finally(() => {
      running = undefined;
    });
    await running;
    if (again && !stopped) {
      again = false;
      await build();
    }
  }

  /** Asks for a rebuild soon; changes arriving meanwhile share it. */
  function rebuildSoon(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void build(), options.debounceMs ?? 300);
  }

  /** Stops any running build. */
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(timer);
    child?.kill('SIGTERM');
    await running;
  }

  return { build, rebuildSoon, stop };
}

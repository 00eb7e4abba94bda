/**
 * Debian's nginx for the reference deployment (`npm run start:cluster`) and its tests: installs it with apt-get when
 * missing and allowed (root), with the Brotli module where the distribution packages it, else says how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's package puts the binary and its modules. */
export const NGINX = '/usr/sbin/nginx';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const MIME_TYPES = '/etc/nginx/mime.types';

/** What the installed nginx offers. */
export interface Nginx {
  binary: string;
  mimeTypes: string;
  /** The module that sends .br copies as they are; absent where the distribution has no package for it. */
  brotliStaticModule?: string;
}

function aptGet(args: string[], log: (line: string) => void): boolean {
  try {
    execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return true;
  } catch {
    log(`apt-get ${args.join(' ')} failed`);
    return false;
  }
}

/** Returns the installed nginx, installing Debian's package and its Brotli module first when missing; throws with advice otherwise. */
export function ensureNginx(log: (line: string) => void = console.log): Nginx {
  const root = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const install = (packages: string[]) => aptGet(['install', '-y', '--no-install-recommends', ...packages], log);
  if (!existsSync(NGINX)) {
    if (!root) {
      throw new Error(
        `The reference deployment runs Debian's nginx at ${NGINX}: install it with\n  sudo apt-get install -y nginx libnginx-mod-http-brotli-static`,
      );
    }
    log(`Installing Debian's nginx...`);
    // The Brotli module is optional: without it nginx sends the gzip copies.
    if (!install(['nginx', 'libnginx-mod-http-brotli-static'])) {
      aptGet(['update'], log);
      if (!install(['nginx', 'libnginx-mod-http-brotli-static'])) install(['nginx']);
    }
  } else if (!existsSync(BROTLI_STATIC_MODULE) && root) {
    // An nginx installed by hand often lacks the module: add it, as a fresh install would have.
    log(`Adding the Brotli module to Debian's nginx...`);
    if (!install(['libnginx-mod-http-brotli-static'])) {
      aptGet(['update'], log);
      install(['libnginx-mod-http-brotli-static']);
    }
  }
  if (!existsSync(NGINX)) throw new Error(`nginx is still missing at ${NGINX} after apt-get`);
  return { binary: NGINX, mimeTypes: MIME_TYPES, brotliStaticModule: existsSync(BROTLI_STATIC_MODULE) ? BROTLI_STATIC_MODULE : undefined };
}

if (import.meta.main) {
  const nginx = ensureNginx();
  console.log(`${nginx.binary}${nginx.brotliStaticModule ? ` with ${nginx.brotliStaticModule}` : ' (no Brotli module: gzip copies only)'}`);
}

/** Renders deploy/nginx.conf.template into the configuration `npm run start:cluster` runs nginx with. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMMUTABLE_CACHE, NO_CACHE, NO_CACHE_FILES, PAGE_CACHE, SHORT_CACHE } from '../src/server/routes/site-cache.ts';
import { MEDIA_CSP, PAGE_CSP } from '../src/server/routes/site-routes.ts';
import type { Nginx } from './ensure-nginx.ts';

/** The template in the repository. */
export const NGINX_TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf.template', import.meta.url));

/** What the configuration is made of. */
export interface NginxConfigOptions {
  nginx: Nginx;
  /** The built site, served from disk. */
  siteDir: string;
  /** nginx's pid file and temporary folders. */
  runDir: string;
  /** Where nginx listens, e.g. "127.0.0.1:4321". */
  listen: string;
  /** The API processes' addresses, e.g. ["127.0.0.1:4322", "127.0.0.1:4323"]. */
  upstreams: readonly string[];
  /** The user nginx's workers run as when started by root (they only read the site). */
  user?: string;
}

// The same headers the Node server sends with the site's files (src/server/routes/site-routes.ts), frame-ancestors by page.
const STATIC_HEADERS = [
  'add_header Cache-Control $couvert_cache always;',
  'add_header X-Content-Type-Options nosniff always;',
  'add_header Referrer-Policy strict-origin-when-cross-origin always;',
  `add_header Content-Security-Policy "${PAGE_CSP.replace('frame-ancestors *', 'frame-ancestors $couvert_frame_ancestors')}" always;`,
  'add_header X-Frame-Options $couvert_frame_options always;',
];

// Every proxied call: the diner's address for the rate limits (the API processes trust the loopback proxy), and a
// call that could not reach a process tried on the next one. A POST already sent is never sent again (nginx's default
// without `non_idempotent`): the booking calls are POSTs, and a create or validate must not run twice.
const PROXY = [
  'proxy_http_version 1.1;',
  'proxy_set_header Host $http_host;',
  'proxy_set_header X-Forwarded-For $remote_addr;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  'proxy_connect_timeout 2s;',
  'proxy_next_upstream error timeout http_502 http_503;',
  'proxy_next_upstream_tries 2;',
  'proxy_next_upstream_timeout 10s;',
];

const indent = (lines: readonly string[], spaces: number) => lines.map((line) => `${' '.repeat(spaces)}${line}`).join('\n');

/** The nginx configuration for these options. */
export function renderNginxConfig(options: NginxConfigOptions, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  const values: Record<string, string> = {
    LOAD_MODULES: options.nginx.brotliStaticModule ? `load_module ${options.nginx.brotliStaticModule};` : '# (no Brotli module: gzip copies only)',
    USER: options.user ? `user ${options.user};` : '',
    RUN_DIR: options.runDir,
    MIME_TYPES: options.nginx.mimeTypes,
    BROTLI: options.nginx.brotliStaticModule ? '    brotli_static on;' : '',
    UPSTREAM_SERVERS: indent(
      // One failure takes a process out for 5 s; nginx then tries it again with real traffic.
      options.upstreams.map((address) => `server ${address} max_fails=1 fail_timeout=5s;`),
      8,
    ),
    NO_CACHE_FILES: indent(
      [...NO_CACHE_FILES].map((file) => `${`/${file}`.padEnd(31)}"${NO_CACHE}";`),
      8,
    ),
    SHORT_CACHE,
    PAGE_CACHE,
    IMMUTABLE_CACHE,
    MEDIA_CSP,
    LISTEN: options.listen,
    SITE_DIR: options.siteDir,
    STATIC_HEADERS: indent(STATIC_HEADERS, 12),
    PROXY: indent(PROXY, 12),
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_TEMPLATE}: unknown placeholder ${whole}`);
    return value;
  });
}

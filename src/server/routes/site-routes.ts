/** Serves the built static site and merchant images, with the headers pages need (CSP, who may frame them, caching). */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { IMMUTABLE_CACHE, siteCacheControl } from './site-cache.ts';
import { wholeFileAnswer } from './whole-file-answer.ts';

/** The Content-Security-Policy of a page, with who may frame it: no inline script, no foreign script. */
function pageCsp(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss: https:",
    "manifest-src 'self'",
    "worker-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Content-Security-Policy of the booking pages and every page but the password ones: embeddable in any site's iframe. */
export const PAGE_CSP = pageCsp('*');

/** Content-Security-Policy of the pages where a diner types a password: no other site may frame them (clickjacking). */
export const PASSWORD_PAGE_CSP = pageCsp("'none'");

/** The staff book's one shell, served for /pro/{slug}: its island reads the merchant from the address. */
const STAFF_BOOK_SHELL = 'pro/book/index.html';
/** The restaurant settings' one shell, served for /pro/{slug}/settings. */
const STAFF_SETTINGS_SHELL = 'pro/settings/index.html';
/** The printable day sheet's one shell, served for /pro/{slug}/day-sheet. */
const STAFF_SHEET_SHELL = 'pro/day-sheet/index.html';

/**
 * The pages where a password is typed or a reset asked for, and the staff book, settings and day sheet (their buttons act on bookings and the
 * restaurant; the sheet shows diners' allergies). The
 * sign-in choice, the guest form and onboarding stay embeddable: a diner booking inside a restaurant's iframe
 * validates as a guest there.
 */
const PASSWORD_PAGES = new Set([
  'auth/login/index.html',
  'auth/register/index.html',
  'auth/forgot_password/index.html',
  'pro/index.html',
  STAFF_BOOK_SHELL,
  STAFF_SETTINGS_SHELL,
  STAFF_SHEET_SHELL,
]);

/** Content-Security-Policy of imported images: nothing runs, nothing loads. */
export const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const tokenRoutes = ['validate', 'booking_complete'] as const;

/** Sets the headers of a file of the site (helmet has set the others: nosniff, referrer policy, no framing, a CSP for answers). */
function setSiteHeaders(reply: FastifyReply, siteDir: string, sentPath: string): void {
  // A precompressed copy (app.js.br) is sent with the headers of the file it stands for.
  const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
  const sitePath = path.relative(siteDir, path.resolve(siteDir, filePath)).split(path.sep).join('/');
  if (sitePath.endsWith('.html')) {
    const password = PASSWORD_PAGES.has(sitePath);
    reply.header('content-security-policy', password ? PASSWORD_PAGE_CSP : PAGE_CSP);
    // frame-ancestors says who may frame the page; X-Frame-Options would forbid it in older browsers.
    if (!password) reply.removeHeader('x-frame-options');
  } else if (sitePath === 'sw.js') {
    // A worker runs under the CSP of its own script's answer: the service worker keeps the pages' freedoms.
    reply.removeHeader('content-security-policy');
  }
  reply.header('cache-control', siteCacheControl(sitePath));
}

/** Registers the site (when built) and /media; unknown page paths get the site's not-found page. */
export const siteRoutes = fp(async (app: FastifyInstance, options: { siteDir?: string; mediaDir: string }) => {
  mkdirSync(options.mediaDir, { recursive: true });
  app.addHook('onSend', wholeFileAnswer);
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // Imported images are content-addressed: a new image gets a new name.
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE_CACHE);
      // An imported SVG opened on its own must not run script on our origin.
      reply.header('content-security-policy', MEDIA_CSP);
      // A restaurant's own site may show its logo from here, as before helmet's same-origin default.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const siteDir = options.siteDir;
  const notFound = (url: string, method: string) => ({ success: false, error_code: 'not_found', message: `No route ${method} ${url}` });
  if (!siteDir) {
    app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound(request.url, request.method)));
    return;
  }
  mkdirSync(siteDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    redirect: false,
    // Pages, scripts and styles have .br/.gz copies written by the build (scripts/precompress-site.ts), sent to clients that
    // accept them (with Vary: Accept-Encoding on every answer); others are sent as they are.
    preCompressed: true,
    setHeaders: (reply, sentPath) => setSiteHeaders(reply, siteDir, sentPath),
  });

  const sendPage = (reply: FastifyReply, file: string, status = 200) => {
    reply.code(status);
    setSiteHeaders(reply, siteDir, file);
    return reply.sendFile(file, siteDir);
  };

  // Pages with a token are one prerendered shell per merchant; its island reads the token from the address.
  for (const route of tokenRoutes) {
    // Pages, not API calls: kept out of the OpenAPI description.
    app.get<{ Params: { slug: string; token: string } }>(`/:slug/${route}/:token`, { schema: { hide: true } }, async (request, reply) => {
      const shell = path.join(request.params.slug, route, 'index.html');
      if (/^[a-z0-9-]+$/.test(request.params.slug) && existsSync(path.join(siteDir, shell))) return sendPage(reply, shell);
      return sendPage(reply, '404.html', 404);
    });
  }

  // Only slugs match: /pro/ itself is the sign-in page, served as a file like any other.
  app.get('/pro/:slug(^[a-z0-9-]+$)', { schema: { hide: true } }, async (_request, reply) => {
    if (existsSync(path.join(siteDir, STAFF_BOOK_SHELL))) return sendPage(reply, STAFF_BOOK_SHELL);
    return sendPage(reply, '404.html', 404);
  });
  app.get('/pro/:slug(^[a-z0-9-]+$)/settings', { schema: { hide: true } }, async (_request, reply) => {
    if (existsSync(path.join(siteDir, STAFF_SETTINGS_SHELL))) return sendPage(reply, STAFF_SETTINGS_SHELL);
    return sendPage(reply, '404.html', 404);
  });
  app.get('/pro/:slug(^[a-z0-9-]+$)/day-sheet', { schema: { hide: true } }, async (_request, reply) => {
    if (existsSync(path.join(siteDir, STAFF_SHEET_SHELL))) return sendPage(reply, STAFF_SHEET_SHELL);
    return sendPage(reply, '404.html', 404);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && existsSync(path.join(siteDir, '404.html'));
    if (wantsPage) return sendPage(reply, '404.html', 404);
    return reply.code(404).send(notFound(request.url, request.method));
  });
});

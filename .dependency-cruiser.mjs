/**
 * The layers of the code, kept by dependency-cruiser (`npm run lint:layers`, part of `npm run lint`).
 * docs/architecture.md states the same rules in prose.
 */
const SITE = 'src/(pages|components|layouts|islands|stores|lib|boot|i18n)/';
/** The site's code (not src/i18n/messages, which is text data both sides read). */
const SITE_CODE = '^src/((pages|components|layouts|islands|stores|lib|boot)/|i18n/(?!messages/))';
const IO_LIBRARIES = '(^|/)node_modules/(fastify|@fastify/|fastify-|drizzle-orm|postgres|@electric-sql/pglite|ioredis|ws|nodemailer|@vonage/)';
const DATABASE_LIBRARIES = '(^|/)node_modules/(drizzle-orm|postgres|@electric-sql/pglite)';

/** A rule that forbids files under `from` to import any of `to` (regexes over paths from the repository root). */
function forbid(name, comment, from, to, extra = {}) {
  return { name, comment, severity: 'error', from: { path: from, ...extra.from }, to: { path: to, ...extra.to } };
}

export default {
  forbidden: [
    { name: 'no-circular', comment: 'No file imports itself through others.', severity: 'error', from: {}, to: { circular: true } },
    forbid('site-never-server', 'The site never imports src/server: what both sides need lives in src/shared.', `^${SITE}`, '^src/server/'),
    forbid(
      'server-never-site',
      "The server and scripts never import the site's folders (src/i18n/messages is text, allowed).",
      '^(src/server/|scripts/)',
      SITE_CODE,
    ),
    forbid('shared-stands-alone', 'src/shared imports neither the server nor the site.', '^src/shared/', `^src/server/|${SITE_CODE}`),
    // Inside the server the arrows point one way: routes -> services -> db -> domain.
    forbid('domain-is-pure', 'src/server/domain is pure rules: it imports only itself and src/shared.', '^src/server/domain/', '^src/server/(?!domain/)'),
    forbid('domain-no-io', 'src/server/domain imports no HTTP or database library.', '^src/server/domain/', IO_LIBRARIES),
    forbid('db-below-services', 'src/server/db imports only itself, domain and src/shared.', '^src/server/db/', '^src/server/(?!(db|domain)/)'),
    forbid('queries-in-db', 'Only src/server/db talks to the database.', '^src/server/(?!db/)', DATABASE_LIBRARIES),
    forbid(
      'mail-is-given-data',
      'Mail renders what it is given: it imports domain, the server texts and src/shared, never stores or services.',
      '^src/server/mail/',
      '^src/server/(?!(mail|domain|i18n)/)|^src/server/config',
    ),
    forbid('services-below-routes', 'Services never import routes or jobs.', '^src/server/services/', '^src/server/(routes|jobs)/'),
    forbid('auth-below-routes', 'Auth never imports routes, services or jobs.', '^src/server/auth/', '^src/server/(routes|services|jobs)/'),
    forbid('jobs-below-routes', 'Jobs never import routes.', '^src/server/jobs/', '^src/server/routes/'),
    forbid(
      'realtime-stands-alone',
      'The live channel imports no routes, services, jobs or stores.',
      '^src/server/realtime/',
      '^src/server/(routes|services|jobs|db|mail)/',
    ),
    forbid('i18n-is-text', 'The server texts read only the catalogues and src/shared.', '^src/server/i18n/', '^src/server/(?!i18n/)'),
    // The site: islands -> stores -> lib -> shared.
    forbid('stores-below-islands', 'Stores never import islands.', '^src/stores/', '^src/islands/'),
    forbid('lib-below-stores', 'Browser helpers never import islands or stores.', '^src/lib/', '^src/(islands|stores)/'),
    forbid(
      'screens-apart',
      'A screen never imports another screen: what two screens share lives in src/islands/shared.',
      '^src/islands/([^/]+)/',
      '^src/islands/(?!$1/|shared/)',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|scripts)/|(^|/)node_modules/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};

/**
 * The layers of the code, kept by dependency-cruiser (`npm run lint:layers`, part of `npm run lint`).
 * docs/architecture.md states the same rules in prose.
 */
const SITE = 'src/(pages|components|layouts|islands|stores|lib|boot|i18n)/';
/** The site's code (not src/i18n/messages, which is text data both sides read). */
const SITE_CODE = '^src/((pages|components|layouts|islands|stores|lib|boot)/|i18n/(?!messages/))';
const IO_LIBRARIES = '(^|/)node_modules/(fastify|@fastify/|fastify-|drizzle-orm|postgres|@electric-sql/pglite|ioredis|ws|nodemailer|@vonage/)';
const DATABASE_LIBRARIES = '(^|/)node_modules/(drizzle-orm|postgres|@electric-sql/pglite)';

/**
 * The server's layers and what each may import besides itself and src/shared: routes -> services | db | domain;
 * services -> db | domain | mail; db -> domain; domain -> shared only; mail -> domain | i18n. Beside them: auth is
 * the services of who signs in, jobs are entry points like routes, and the entry points also wire the adapters they
 * start (mail's senders, the live channel, the server's pages). Nothing imports routes or jobs but src/server/*.ts.
 */
const SERVER_LAYERS = {
  routes: {
    may: ['services', 'auth', 'db', 'domain', 'mail', 'realtime', 'pages', 'local-admin'],
    comment: 'routes -> services | auth | db | domain (and the adapters they wire: mail, realtime, pages).',
  },
  jobs: { may: ['services', 'auth', 'db', 'domain', 'mail'], comment: 'jobs -> services | auth | db | domain | mail.' },
  services: { may: ['auth', 'db', 'domain', 'mail'], comment: 'services -> db | domain | mail (and auth, the services of who signs in).' },
  auth: { may: ['db', 'domain', 'mail', 'i18n', 'config'], comment: 'auth -> db | domain | mail (its texts, and the configuration type it reads).' },
  db: { may: ['domain'], comment: 'db -> domain.' },
  domain: { may: [], comment: 'domain -> shared only: pure rules.' },
  mail: { may: ['domain', 'i18n'], comment: 'mail -> domain | i18n: templates are given data, they never query.' },
  pages: { may: ['domain', 'i18n'], comment: 'pages (the HTML the server renders) -> domain | i18n.' },
  realtime: { may: [], comment: 'The live channel imports no other server layer.' },
  i18n: { may: [], comment: 'The server texts read only the catalogues and src/shared.' },
};

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
    // Inside the server: each layer imports itself, src/shared, the texts of src/i18n/messages and only the layers
    // SERVER_LAYERS lists for it.
    ...Object.entries(SERVER_LAYERS).map(([layer, { may, comment }]) =>
      forbid(`server-${layer}`, comment, `^src/server/${layer}/`, `^src/server/(?!(${[layer, ...may].join('|')})(/|\\.ts$))`),
    ),
    forbid('domain-no-io', 'src/server/domain imports no HTTP or database library.', '^src/server/domain/', IO_LIBRARIES),
    forbid('queries-in-db', 'Only src/server/db talks to the database.', '^src/server/(?!db/)', DATABASE_LIBRARIES),
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

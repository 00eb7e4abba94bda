// ESLint for the whole repository: typescript-eslint's recommended rules, React's hook rules and jsx-a11y on the islands,
// eslint-plugin-astro on the .astro frontmatter, and the import boundaries between browser, server and shared code.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The site's folders under src/: the browser's code and the build-time pages; none may import src/server. */
const SITE = ['pages', 'components', 'layouts', 'islands', 'stores', 'lib', 'i18n', 'boot'];
/** The site's folders the server may not read: all of them except src/i18n/messages (pure text data). */
const SITE_CODE = SITE.filter((folder) => folder !== 'i18n');
/** Libraries of HTTP and storage that src/server/domain stays free of. */
const IO_LIBRARIES = ['fastify', '@fastify/*', 'fastify-*', 'drizzle-orm', 'postgres', '@electric-sql/pglite', 'ioredis', 'ws', 'nodemailer'];
/** How deep a file under src/ may sit (src/a/b/c/d/e/f.ts is depth 5); deeper files have no boundary check. */
const MAX_DEPTH = 6;

/** A relative import that reaches src/<folder> from a file `depth` folders below src/ (e.g. ../../server/ from src/lib/api). */
function fromSrc(depth, folders) {
  return `^(\\./)?(\\.\\./){${depth}}(${folders.join('|')})(/|$)`;
}

/** Any relative import into src/i18n other than src/i18n/messages, from `depth` folders below src/. */
function i18nCodeFromSrc(depth) {
  return `^(\\./)?(\\.\\./){${depth}}i18n(/(?!messages/)|$)`;
}

/** One no-restricted-imports setting: each entry is [regex, message]. */
function restrict(entries, paths = []) {
  return ['error', { paths, patterns: entries.map(([regex, message]) => ({ regex, message })) }];
}

/** The files exactly `depth` folders below src/ inside src/<root> (depth 1 is src/<root>/*). */
function filesAt(root, depth) {
  return [`src/${root}/${'*/'.repeat(depth - 1)}*.{ts,tsx,astro}`];
}

const siteNeverServer = 'The site never imports src/server: move what both sides need to src/shared.';
const serverNeverSite = "Server code never imports the site's folders: move what both sides need to src/shared (src/i18n/messages is allowed).";
const sharedStandsAlone = 'src/shared is what both sides run: it imports neither src/server nor the site (src/i18n/messages is allowed).';
const domainIsPure = 'src/server/domain is pure rules: no db, routes, services, HTTP or database library.';

/** The boundary settings, one per file group and depth (no-restricted-imports takes one setting per file, so each repeats its group's whole list). */
function boundaries() {
  const configs = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    for (const folder of SITE) {
      configs.push({ files: filesAt(folder, depth), rules: { 'no-restricted-imports': restrict([[fromSrc(depth, ['server']), siteNeverServer]]) } });
    }
    const serverRules = [
      [fromSrc(depth, SITE_CODE), serverNeverSite],
      [i18nCodeFromSrc(depth), serverNeverSite],
    ];
    configs.push({ files: filesAt('server', depth), rules: { 'no-restricted-imports': restrict(serverRules) } });
    configs.push({
      files: filesAt('shared', depth),
      rules: {
        'no-restricted-imports': restrict([...serverRules.map(([regex]) => [regex, sharedStandsAlone]), [fromSrc(depth, ['server']), sharedStandsAlone]]),
      },
    });
    if (depth >= 2) {
      const layers = `^(\\./)?(\\.\\./){${depth - 2}}\\.\\./(db|routes|services)(/|$)`;
      configs.push({
        files: [`src/server/domain/${'*/'.repeat(depth - 2)}*.ts`],
        rules: {
          'no-restricted-imports': restrict([
            ...serverRules,
            [layers, domainIsPure],
            [`^(${IO_LIBRARIES.map((name) => name.replace('*', '.*')).join('|')})(/|$)`, domainIsPure],
          ]),
        },
      });
    }
  }
  const scriptRules = [
    [`^(\\.\\./)+src/(${SITE_CODE.join('|')})(/|$)`, serverNeverSite],
    ['^(\\.\\./)+src/i18n(/(?!messages/)|$)', serverNeverSite],
  ];
  configs.push({ files: ['scripts/**/*.ts'], rules: { 'no-restricted-imports': restrict(scriptRules) } });
  return configs;
}

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', '.astro/', '.cache/', 'bench/results/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // An unused name is a mistake, except the deliberate `_` of a skipped argument or an omitted property.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A `let` a closure reads before its one assignment (a handler installed before what it calls exists) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The code matches control characters on purpose: to reject them in input.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.astro'],
    // Astro types a component's attributes from its `Props` interface, which the frontmatter need not read.
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^(_|Props$)', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['tests/**', 'bench/**'],
    // Tests and benchmarks read untyped JSON answers and poke at internals: `any` is their tool there.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tests/e2e/**'],
    // Playwright reads a fixture's dependencies from its first parameter, which must be an object pattern even when empty.
    rules: { 'no-empty-pattern': 'off' },
  },
  // Where each file runs.
  { files: ['src/server/**', 'scripts/**', 'src/lib/build/**', '*.{js,mjs,ts}'], languageOptions: { globals: globals.node } },
  {
    files: ['src/{pages,components,layouts,islands,stores,lib,boot}/**', 'public/**/*.js'],
    ignores: ['src/lib/build/**'],
    languageOptions: { globals: globals.browser },
  },
  { files: ['src/shared/**', 'src/i18n/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  { files: ['tests/**', 'bench/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // React islands: the rules of hooks and accessible markup.
  {
    files: ['**/*.tsx', 'src/islands/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Islands are prerendered: what only the browser knows (storage, URL, navigator) is set in an effect after hydration, on purpose.
      'react-hooks/set-state-in-effect': 'off',
      // The islands keep their latest callbacks in a ref written during render, so effects subscribed once call the current one.
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // Astro components: their frontmatter and markup (astro's own recommended rules).
  ...astro.configs['flat/recommended'],
  ...boundaries(),
);

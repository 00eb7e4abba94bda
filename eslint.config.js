// ESLint for the whole repository: typescript-eslint's recommended rules, React's hook rules and jsx-a11y on the islands,
// eslint-plugin-astro on the .astro frontmatter. The layers between browser, server and shared code: .dependency-cruiser.mjs.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The site's folders under src/ that hold Astro components. */
const ASTRO_FOLDERS = ['pages', 'components', 'layouts'];
/** How deep an Astro component under src/ may sit (src/a/b/c/d/e/f.astro is depth 5); deeper files have no boundary check. */
const MAX_DEPTH = 6;

const siteNeverServer = 'The site never imports src/server: move what both sides need to src/shared.';

/**
 * The layers are kept by dependency-cruiser (.dependency-cruiser.mjs, `npm run lint:layers`), which reads TypeScript but not
 * Astro components: for their frontmatter ESLint keeps the one rule that concerns them, that the site never imports the server.
 * no-restricted-imports takes one setting per file, so each depth gets its own pattern.
 */
function astroBoundaries() {
  const configs = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const files = ASTRO_FOLDERS.map((folder) => `src/${folder}/${'*/'.repeat(depth - 1)}*.astro`);
    const patterns = [{ regex: `^(\\./)?(\\.\\./){${depth}}server(/|$)`, message: siteNeverServer }];
    configs.push({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // A link to the current build's folder (scripts/site-swap.ts).
      'dist',
      '.dist.*/',
      '.dist.*',
      'data/',
      '.astro/',
      '.cache/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Type-aware rules on the TypeScript: a promise nobody awaits or catches, or one handed where nothing awaits it (an
    // event handler, a callback), loses its errors.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
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
  ...astroBoundaries(),
);

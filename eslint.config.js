// ESLint flat config. The import boundaries of DESIGN.md §1 are enforced here, not by review:
//   web -> contracts, mri;  server -> contracts, mri;  contracts -> nothing of ours;  mri -> nothing of ours,
//   and mri is pure (no node:* modules). Inside the web app, features do not import each other. No file imports
//   itself through a cycle of imports (import-x/no-cycle).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/** The web app's feature folders (packages/web/src/features/*): each is a zone of its own. */
const WEB_FEATURES = fs.readdirSync(new URL('./packages/web/src/features', import.meta.url));

/** Node's modules by name (anchored, so a folder of ours such as web's lib/http is not mistaken for one). */
const NODE_BUILTINS = [
  'node:*',
  ...['fs', 'path', 'os', 'crypto', 'worker_threads', 'child_process', 'http', 'https'].flatMap((name) => [
    `/${name}`,
    `/${name}/*`,
  ]),
];

/** An `import-x/no-restricted-paths` rule: files under `pkg` import nothing of the repository outside it. */
function selfContained(pkg, message) {
  return {
    'import-x/no-restricted-paths': [
      'error',
      { zones: [{ target: `./${pkg}`, from: './', except: [`./${pkg}`, './node_modules'], message }] },
    ],
  };
}

/** A `no-restricted-imports` rule that bans the given package names and patterns. */
function restrict(patterns, message) {
  return { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.cache/**',
      'data/**',
      'packages/mri/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // import-x parses the files an import names with the TypeScript parser (no-cycle follows them).
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      // No file cycles: a shared piece moves down (db/, plugins/, lib/) instead (DESIGN.md §1).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['packages/mri/**/*.ts'],
    ignores: ['packages/mri/scripts/**'],
    rules: {
      ...restrict(
        ['@larmor/*', ...NODE_BUILTINS],
        '@larmor/mri is pure and depends on nothing of ours: no I/O, no node:* modules (DESIGN.md §1).',
      ),
      ...selfContained('packages/mri', '@larmor/mri imports nothing outside its package (DESIGN.md §1).'),
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      ...restrict(
        ['@larmor/*', ...NODE_BUILTINS],
        '@larmor/contracts depends on nothing of ours and runs in the browser too (DESIGN.md §1).',
      ),
      ...selfContained(
        'packages/contracts',
        '@larmor/contracts imports nothing outside its package (DESIGN.md §1).',
      ),
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: restrict(
      ['@larmor/web', '@larmor/web/*', '**/packages/*/src/**'],
      'The server imports only @larmor/contracts and @larmor/mri (DESIGN.md §1).',
    ),
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['@larmor/server', '@larmor/server/*', ...NODE_BUILTINS, '**/packages/*/src/**'],
        'The web app imports only @larmor/contracts and @larmor/mri (DESIGN.md §1).',
      ),
      // Features do not import each other; shared pieces live in ui/ or lib/ (DESIGN.md §1).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: WEB_FEATURES.map((feature) => ({
            target: `./packages/web/src/features/${feature}`,
            from: './packages/web/src/features',
            except: [`./${feature}`],
            message: 'A feature does not import another feature; move shared code to ui/ or lib/.',
          })),
        },
      ],
    },
  },
  {
    // The web app's build tooling (Vite config and plugins) runs in Node at build time, never in the browser.
    files: ['packages/web/vite.config.ts', 'packages/web/build/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: restrict(
      ['@larmor/server', '@larmor/server/*', '**/packages/*/src/**'],
      "The web app's build imports only @larmor/contracts and @larmor/mri (DESIGN.md §1).",
    ),
  },
);

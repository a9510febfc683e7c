import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { noAreaCycle } from './scripts/eslint-area-cycles.ts';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      'data/**',
      'drizzle/**',
      'node_modules/**',
      'coverage/**',
      'tmp/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Config is parsed once in server/config.ts (house style); nowhere else reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from server/config.ts.' },
      ],
    },
  },
  {
    files: [
      'server/config.ts',
      'server/main.ts',
      'server/dev-entry.ts',
      '.ci/**',
      'bench/**',
      'scripts/**',
      'tests/**',
      '*.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // No import cycles (docs/decisions/0014-import-boundaries.md): every import names its file with its extension, so
    // the plain node resolver finds it; external packages are not followed.
    files: ['server/**/*.ts', 'shared/**/*.ts', 'app/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // shared/ is what the server and the browser both run: it may not reach into either (docs/decisions/0014-import-boundaries.md).
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '**/app/**'], message: 'shared/ may not import from server/ or app/.' }],
        },
      ],
    },
  },
  {
    // The browser's code never bundles the server's: types only (the SSR context's services, the session shape).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'app/ may import only types from server/.' },
          ],
        },
      ],
    },
  },
  {
    // No cycle between server areas either (a cycle of areas need not contain a cycle of files).
    files: ['server/**/*.ts'],
    plugins: { obmen: { rules: { 'no-area-cycle': noAreaCycle } } },
    rules: { 'obmen/no-area-cycle': 'error' },
  },
);

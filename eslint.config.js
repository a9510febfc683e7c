import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

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
);

// One linter for the whole repository; Prettier formats. Feature boundaries are enforced here.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A feature (server module or web feature) may not import another one. */
function featureZones(root, names) {
  return names.map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`],
    message:
      'Features never import features: move shared code to platform/, components/ or packages/shared.',
  }));
}

const serverModules = [
  'auth',
  'users',
  'health',
  'mail',
  'reports',
  'training',
  'clients',
  'audit',
  'spend',
  'ratings',
  'diversity-events',
  'search-supplier',
  'spend-dashboards',
  'cost-savings',
  'market-share',
  'rfx',
  'contracts',
  'goals',
  'verified-diversity',
];
const webFeatures = [
  'auth',
  'profile',
  'home',
  'training',
  'clients',
  'users',
  'audit',
  'supplier-spend',
  'diversity-events',
  'search-supplier',
  'spend-dashboards',
  'cost-savings',
  'market-share',
  'rfx',
  'contracts',
  'goals',
  'verified-diversity',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: featureZones('./apps/server/src/modules', serverModules) },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/test/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        { zones: featureZones('./apps/web/src/features', webFeatures) },
      ],
    },
  },
);

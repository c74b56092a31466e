// One linter for the whole repository; Prettier formats. Feature boundaries are enforced here.
import { readdirSync, readFileSync } from 'node:fs';
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
      'Features never import features: move shared code to domain/, platform/, components/ or packages/shared.',
  }));
}

/** The folders below `dir`: each is a server module or a web feature, so a new one is covered. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The words a page shows live in packages/shared's `*-words.ts` modules, apart from the schemas
 * of the module that re-exports them: imported from that module, a label brings
 * zod and every schema to the page's first screen. `words` is the schema module's name.
 */
const wordsFrom = (words) => {
  const source = readFileSync(
    new URL(`./packages/shared/src/${words}-words.ts`, import.meta.url),
    'utf8',
  );
  return [...source.matchAll(/^export (?:const|function|type|interface) (\w+)/gm)].map((m) => m[1]);
};
const wordsModules = {
  diversity: 'diversity',
  'verified-diversity': 'verified',
  'spend-dashboards': 'spend-dashboard',
  reports: 'report',
  tier2: 'tier2',
};

/** `to` may not import `from`: the layers only import downwards. */
const layer = (target, from, message) => ({ target, from, message });

const serverLayers = [
  ...featureZones('./apps/server/src/modules', foldersOf('./apps/server/src/modules')),
  layer(
    './apps/server/src/platform',
    ['./apps/server/src/domain', './apps/server/src/modules'],
    'platform/ never imports domain/ or modules/.',
  ),
  layer('./apps/server/src/domain', './apps/server/src/modules', 'domain/ never imports modules/.'),
  ...['schema', 'client.ts', 'copy.ts', 'copy-text.ts', 'migrations'].map((part) =>
    layer(
      `./apps/server/src/db/${part}`,
      ['./apps/server/src/platform', './apps/server/src/domain', './apps/server/src/modules'],
      'The database layer never imports platform/, domain/ or modules/ (only the seed, which uses them).',
    ),
  ),
];

const webLayers = [
  ...featureZones('./apps/web/src/features', foldersOf('./apps/web/src/features')),
  layer('./apps/web/src/features', './apps/web/src/app', 'Features never import the app shell.'),
  layer(
    './apps/web/src/components',
    ['./apps/web/src/features', './apps/web/src/app'],
    'Shared components never import features or the app shell.',
  ),
  layer(
    ['./apps/web/src/api', './apps/web/src/i18n'],
    ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/app'],
    'api/ and i18n/ sit below every screen.',
  ),
];

/**
 * A query key is written by its feature's key factory (`featureKeys`, or `sharedKeys` for data
 * several features refresh), never as a literal at the query or the refresh: a copy of another
 * feature's key stops refreshing it the day that feature renames its key.
 */
const literalQueryKeys = [
  "Property[key.name='queryKey'] > ArrayExpression[elements.0.type='Literal']",
  "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression[elements.0.type='Literal']",
  "JSXAttribute[name.name='queryKey'] ArrayExpression[elements.0.type='Literal']",
].map((selector) => ({
  selector,
  message: "Take the query key from the feature's key factory (api/query-keys.ts).",
}));

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
      'import-x/no-restricted-paths': ['error', { zones: serverLayers }],
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
    // Libraries only some requests use load with the first of them (docs/performance.md): a
    // static import would put them in every server's memory from the start.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'exceljs',
            '@aws-sdk/client-s3',
            'pdfkit',
            'svg-to-pdfkit',
            'pptxgenjs',
            'echarts',
            '@resvg/resvg-js',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it with its first use: await import() (docs/performance.md).',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webLayers }],
      'no-restricted-syntax': ['error', ...literalQueryKeys],
      'no-restricted-imports': [
        'error',
        {
          paths: Object.entries(wordsModules).map(([module, words]) => ({
            name: `@spotzcity/shared/${module}`,
            importNames: wordsFrom(words),
            allowTypeImports: true,
            message: `Import it from @spotzcity/shared/${words}-words: this module brings zod with it.`,
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);

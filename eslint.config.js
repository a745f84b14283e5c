import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** web/src/features/<area>: each is a slice of the app that no other feature imports. */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ZOD_NAMESPACE = {
  // zod's `z` export carries every locale, which no bundler can drop: 357 KB per Lambda.
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
  message: "Import zod as a namespace: import * as z from 'zod'.",
};

const SHARED_ALIAS = {
  regex: '^(\\.\\./)+shared/',
  message: "Import the repo's shared/ as @shared/… (tsconfig.json's paths).",
};

/**
 * Imports in the web app flow shared → components and api → features → app (bulletproof-react):
 * `areas` are the folders of web/src that the linted files must not reach, by any relative path.
 * A feature that needs another's part gets it from web/src/components, or from the app, which
 * composes features (web/src/app/disposal-screen.tsx).
 */
function webImportRules(areas, message) {
  const source = areas.length > 0 ? `^(\\.\\./)+(features/)?(${areas.join('|')})(/|$)` : null;
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [SHARED_ALIAS, ...(source ? [{ regex: source, message }] : [])] },
    ],
    // import() too, which no-restricted-imports does not look at.
    'no-restricted-syntax': [
      'error',
      ZOD_NAMESPACE,
      ...(source
        ? [{ selector: `ImportExpression > Literal[value=/${source.replaceAll('/', '\\/')}/]`, message }]
        : []),
    ],
  };
}

const FEATURE_MESSAGE =
  'Features do not import each other: move what both need to web/src/components (or web/src/api), or compose them in web/src/app.';
const LOWER_LAYER_MESSAGE =
  'web/src/components, api and config are below the features and the app: they import neither.';

export default tseslint.config(
  { ignores: ['node_modules', '.data', '.bench', 'cdk.out', 'web/dist', 'dist', 'test/e2e/screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ZOD_NAMESPACE],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['web/**/*.{ts,tsx}'], rules: webImportRules([], '') },
  {
    files: ['web/src/{components,api,config}/**/*.{ts,tsx}'],
    rules: webImportRules(['features', 'app'], LOWER_LAYER_MESSAGE),
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: webImportRules([...WEB_FEATURES.filter((other) => other !== feature), 'app'], FEATURE_MESSAGE),
  })),
  prettier,
);

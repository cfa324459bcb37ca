// ESLint for the whole repository: `npm run lint` (and the first step of `npm test`).
// Besides typescript-eslint's type-aware recommended rules, the architecture is enforced here as rules:
//   - src/shared imports neither src/server nor src/client; the client and the server never import each other;
//   - a client feature (src/client/features/<name>/) never imports another feature: pages in src/client/app compose them;
//   - a benchmark (scripts/benchmarks/<name>/) never imports another: what several use is in scripts/benchmarks/shared,
//     which imports no benchmark; the cluster suite (scripts/cluster) takes from the rest of scripts/ only that folder;
//   - no import cycles, type-only imports included;
//   - a server module (src/server/modules/<name>/) is used from the rest of src/server only through its index.ts, and
//     no module imports another that leads back to it;
//   - only tests import test-support/: no file of src that is not a *.test.ts(x) does;
//   - the browser never loads zod: client code imports zod and the src/shared/**/*-schema modules for types only, and a
//     src/shared/**/X.ts (as opposed to X-schema.ts) holds no zod at run time, so the client may import it freely.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettierOwnsLayout from 'eslint-config-prettier/flat';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importCycles from './scripts/lint/import-cycles.js';
import moduleBoundaries from './scripts/lint/module-boundaries.js';
import { clientZodRules, sharedZodRules } from './scripts/lint/zod-boundaries.js';

const root = import.meta.dirname;

/** The folders directly inside `dir` (relative to the repository), by name. */
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// One zone per client feature: it may import only from itself among the features.
const features = foldersIn('src/client/features');
// One zone per benchmark: it may import only from itself and the shared folder among the benchmarks.
const benchmarks = foldersIn('scripts/benchmarks').filter((name) => name !== 'shared');

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'data/', '.bench/', 'test-results/', 'screenshots/', 'scripts/lint/fixtures/'],
  },

  {
    linterOptions: {
      // Every eslint-disable must still be needed (ESLint's built-in replacement of eslint-comments/no-unused-disable).
      reportUnusedDisableDirectives: 'error',
      reportUnusedInlineConfigs: 'error',
    },
  },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
  },
  {
    // This file is not part of tsconfig.json's project.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    rules: {
      // `import { type A } from 'x'` still loads x under verbatimModuleSyntax; `import type` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // The code's convention for a name that is unused on purpose (a parameter an interface requires, a left-out field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },

  // Every eslint-disable names its rule and says why: `// eslint-disable-next-line rule -- reason`.
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },

  // Import boundaries and cycles.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, repo: { rules: { 'import-cycles': importCycles } } },
    settings: {
      // Without these, import-x reads no TypeScript module, and no-restricted-paths resolves nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      // No cycles, counting `import type`: import-x/no-cycle skips type-only imports and has no option to count
      // them, so the repository's own rule (scripts/lint/import-cycles.js) replaces it. It follows the repository's
      // files only: packages cannot import it back.
      'repo/import-cycles': ['error', { tsconfig: path.join(root, 'tsconfig.json') }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './src/shared',
              from: './src/server',
              message: 'src/shared is used by both sides: it must not import the server.',
            },
            {
              target: './src/shared',
              from: './src/client',
              message: 'src/shared is used by both sides: it must not import the client.',
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'The client never imports the server: share code through src/shared.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server never imports the client: share code through src/shared.',
            },
            // Test helpers stay out of what the app runs and ships: in src, only test files may use them (test-support
            // itself imports src freely).
            {
              target: './src/**/!(*.test).{ts,tsx}',
              from: './test-support',
              message:
                'Only tests (*.test.ts, *.test.tsx) import test-support/: a helper that a non-test file needs belongs in src, and test-only code in test-support/.',
            },
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message:
                'A client feature never imports another feature: compose them in a page in src/client/app, or move the shared piece to src/client/lib or src/client/components.',
            })),
            // The layers below: pages (app) use features, features use lib and components, never the other way.
            {
              target: './src/client/features',
              from: './src/client/app',
              message: 'Features are composed by the pages in src/client/app, never the other way round.',
            },
            {
              target: ['./src/client/lib', './src/client/components'],
              from: ['./src/client/features', './src/client/app'],
              message:
                'src/client/lib and src/client/components serve every feature: they import no feature and no page.',
            },
            ...benchmarks.map((benchmark) => ({
              target: `./scripts/benchmarks/${benchmark}`,
              from: './scripts/benchmarks',
              except: [`./${benchmark}`, './shared'],
              message: 'A benchmark never imports another: move what both need to scripts/benchmarks/shared.',
            })),
            {
              target: './scripts/benchmarks/shared',
              from: './scripts/benchmarks',
              except: ['./shared'],
              message:
                'scripts/benchmarks/shared serves every benchmark and the cluster suite: it imports no benchmark.',
            },
            {
              target: './scripts/cluster',
              from: './scripts',
              except: ['./cluster', './benchmarks/shared'],
              message:
                'The cluster suite takes from scripts/ only its own files and scripts/benchmarks/shared: move what it needs there.',
            },
            {
              target: './scripts/benchmarks',
              from: './scripts/cluster',
              message: 'The benchmarks never import the cluster suite: share code through scripts/benchmarks/shared.',
            },
          ],
        },
      ],
    },
  },

  // The server's modules: one public face each, and no cycle among them (scripts/lint/module-boundaries.js).
  {
    files: ['src/server/**/*.ts'],
    plugins: { server: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'server/module-boundaries': [
        'error',
        { tsconfig: path.join(root, 'tsconfig.json'), modulesDir: path.join(root, 'src/server/modules') },
      ],
    },
  },

  // The browser bundle holds no zod.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: clientZodRules,
  },
  // src/shared/**/X.ts is zod-free (X-schema.ts holds the schemas), so the client may import it.
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*-schema.ts', 'src/shared/**/*-schema.test.ts'],
    rules: sharedZodRules,
  },

  // Fastify's plugins and hooks are async functions by contract: `async` is how a plugin or hook says it is done when
  // it returns (instead of calling `done`), whether or not it awaits anything.
  {
    files: ['src/server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },

  // Tests read answers off the wire (`response.json()` is untyped) to check the JSON the API really sends; typing
  // every answer would only restate the schema under test.
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'test-support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // React hooks, in the client: the plugin's recommended set (classic rules and the React Compiler's).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Off for now: it flags setting state in an effect, which the app does on purpose to re-sync local state
      // when props change and to read browser-only values after hydration (so server and browser HTML match).
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // Layout belongs to Prettier (`npm run format`; checked by `npm run lint`): ESLint's rules that it owns are off.
  prettierOwnsLayout,
);

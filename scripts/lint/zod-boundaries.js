// The rules that keep zod out of the browser bundle, as ESLint rule settings: the client imports zod and the
// src/shared/**/*-schema modules for types only (in any folder of src/shared), and a zod-free src/shared/**/X.ts
// imports its X-schema sibling, or another folder's schema, for types only. eslint.config.js applies them; the
// fixture test (zod-boundaries.test.ts) proves they hold a nested schema.
const zodAtRunTime = {
  group: ['zod', 'zod/*'],
  allowTypeImports: true,
  message:
    'zod must not reach the browser bundle: use `import type`, or a zod-free src/shared/**/X.ts instead of X-schema.ts.',
};
const schemaAtRunTime = {
  regex: '(^|/|#)shared/([^/]+/)*[^/]+-schema(\\.ts)?$',
  allowTypeImports: true,
  message:
    'src/shared/**/*-schema modules load zod: import their types with `import type`, and values from the zod-free X.ts beside them.',
};
const schemaNearbyAtRunTime = {
  regex: '^\\.{1,2}/([^/]+/)*[^/]+-schema(\\.ts)?$',
  allowTypeImports: true,
  message: 'A zod-free src/shared/**/X.ts may import an X-schema module for types only (`import type`).',
};

/** For src/client: zod and shared schemas as types only, in static imports and lazily loaded chunks alike. */
export const clientZodRules = {
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [zodAtRunTime, schemaAtRunTime] }],
  'no-restricted-syntax': [
    'error',
    {
      selector:
        'ImportExpression[source.value=/^zod(\\u002F|$)|(^|\\u002F|#)shared\\u002F([^\\u002F]+\\u002F)*[^\\u002F]+-schema(\\.ts)?$/]',
      message: 'zod must not reach the browser bundle, not even in a lazily loaded chunk.',
    },
  ],
};

/** For the zod-free src/shared/**\/X.ts (not its *-schema.ts): schemas, wherever they are, as types only. */
export const sharedZodRules = {
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [zodAtRunTime, schemaAtRunTime, schemaNearbyAtRunTime] },
  ],
};

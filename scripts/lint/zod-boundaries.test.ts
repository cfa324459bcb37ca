import path from 'node:path';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { lintFixtureFile } from './lint-fixture';
import { clientZodRules, sharedZodRules } from './zod-boundaries.js';

// A client file and a zod-free shared file, each importing a schema nested in a domain folder of src/shared, once
// for its types (allowed) and once at run time (refused).
const fixture = path.join(import.meta.dirname, 'fixtures/zod-boundaries');

const problemsIn = (file: string, rules: Linter.RulesRecord) =>
  lintFixtureFile(fixture, file, { plugins: { '@typescript-eslint': tseslint.plugin }, rules });

describe('the rules that keep zod out of the browser', () => {
  it('refuse a nested shared schema at run time in the client, statically and in a lazy chunk', async () => {
    const problems = await problemsIn('src/client/uses-schemas.ts', clientZodRules);
    expect(problems).toEqual([
      expect.stringMatching(/^2: .*-schema modules load zod/),
      expect.stringMatching(/^5: zod must not reach the browser bundle, not even in a lazily loaded chunk/),
    ]);
  });

  it('refuse a schema at run time in a zod-free shared file, beside it or in another folder', async () => {
    const problems = await problemsIn('src/shared/orders/checkout.ts', sharedZodRules);
    expect(problems).toEqual([
      expect.stringMatching(/^2: .*A zod-free .* for types only/),
      expect.stringMatching(/^3: .*A zod-free .* for types only/),
    ]);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintFixtureFile } from './lint-fixture';
import moduleBoundaries from './module-boundaries.js';

// A small tree of modules: beta uses alpha through its face and past it (in a file and in a test), gamma and
// delta import each other's types.
const fixture = path.join(import.meta.dirname, 'fixtures/module-boundaries');

const problemsIn = async (file: string) =>
  (
    await lintFixtureFile(fixture, file, {
      plugins: { repo: { rules: { 'module-boundaries': moduleBoundaries } } },
      rules: {
        'repo/module-boundaries': [
          'error',
          { tsconfig: path.join(fixture, 'tsconfig.json'), modulesDir: path.join(fixture, 'modules') },
        ],
      },
    })
  ).map((problem) => problem.replace(/^\d+: /, ''));

describe('the module boundaries lint rule', () => {
  it('passes an import through the other module’s index.ts', async () => {
    expect(await problemsIn('modules/beta/through-face.ts')).toEqual([]);
  });

  it('fails an import of another module’s inner file', async () => {
    const problems = await problemsIn('modules/beta/past-face.ts');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/alpha is used through its public face.*inner\.ts/);
  });

  it('lets a test reach into what it tests', async () => {
    expect(await problemsIn('modules/beta/past-face.test.ts')).toEqual([]);
  });

  it('fails a cycle of modules made of type imports, on both sides', async () => {
    expect(await problemsIn('modules/gamma/index.ts')).toEqual([
      expect.stringMatching(/Module cycle .*gamma → delta → gamma/),
    ]);
    expect(await problemsIn('modules/delta/index.ts')).toEqual([
      expect.stringMatching(/Module cycle .*delta → gamma → delta/),
    ]);
  });
});

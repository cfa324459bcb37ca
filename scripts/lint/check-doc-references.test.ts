import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenReferences } from './check-doc-references.js';

const fixture = path.join(import.meta.dirname, 'fixtures/doc-references');
const markdown = fs.readFileSync(path.join(fixture, 'architecture.md'), 'utf8');

describe('the check of the files and functions a document names', () => {
  it('names each missing file and each function not declared in the file named, with its line', () => {
    expect(brokenReferences(markdown, ['src/tools/greet.ts'], fixture)).toEqual([
      { line: 4, problem: 'farewell is not declared in tools/greet.ts' },
      { line: 5, problem: 'shout is not declared in greet.ts' },
      { line: 6, problem: 'no file src/tools/gone.ts' },
    ]);
  });

  it('passes a document whose names all hold', () => {
    const sound = markdown
      .split('\n')
      .filter((line) => !/farewell|shout|gone/.test(line))
      .join('\n');
    expect(brokenReferences(sound, ['src/tools/greet.ts'], fixture)).toEqual([]);
  });
});

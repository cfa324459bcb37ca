// Checks that a Markdown document names only files that exist and functions that are defined where it says:
// `node scripts/lint/check-doc-references.js docs/architecture.md` (run by `npm run lint`). A document that explains
// the code by naming it goes stale silently when the code moves; this makes the move fail the lint instead.
//
// How a document names things (the rule is stated at the top of docs/architecture.md too):
// - a file, in backticks, by its path from the repository's root or by a trailing part of that path
//   (`src/server/modules/orders/price-cart.ts`, `orders/price-cart.ts`, `price-cart.ts`): some file of the repository
//   must end so;
// - a function (or class, constant, type) right after its file, `price-cart.ts` `priceCart` (or `(`priceCart`…`,
//   `'s `priceCart``), or before it, `priceCart` in `price-cart.ts`: one of the files the name fits must declare it
//   (at its top level, or as a member of a class or object there).
// Names with `*` or `<…>` in them are patterns, and built files (`dist/…`) exist only after a build: neither is
// checked.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import ts from 'typescript';

const FILE = /^[\w.@/-]+\.(tsx?|jsx?|mjs|css|md|json|lua|sql)$/;
const IDENTIFIER = /^([A-Za-z_$][\w$]*)(\(\))?$/;
const FILE_THEN_NAME = /^(\s*\(\s*|'s\s+|\s+)$/;
const NAME_THEN_FILE = /^\s+\(?in\s+$/;

/** The declared names of a source file: top-level declarations and the members of its classes and objects. */
function declaredNames(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Set();
  const addMembers = (members) => {
    for (const member of members) if (member.name && ts.isIdentifier(member.name)) names.add(member.name.text);
  };
  for (const statement of source.statements) {
    if (statement.name && ts.isIdentifier(statement.name)) names.add(statement.name.text);
    if (ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement)) addMembers(statement.members);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
        const init = declaration.initializer;
        if (init && ts.isObjectLiteralExpression(init)) addMembers(init.properties);
      }
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const element of statement.exportClause.elements) names.add(element.name.text);
  }
  return names;
}

/** Every broken reference of `markdown` (a text), against the repository's `files` (paths from `root`). */
export function brokenReferences(markdown, files, root) {
  const problems = [];
  const filesEndingIn = (name) => files.filter((file) => file === name || file.endsWith(`/${name}`));
  const lines = markdown.split('\n');
  lines.forEach((line, index) => {
    const spans = [...line.matchAll(/`([^`]+)`/g)].map((match) => ({
      text: match[1],
      start: match.index,
      end: match.index + match[0].length,
    }));
    spans.forEach((span, i) => {
      if (!FILE.test(span.text) || span.text.startsWith('dist/')) return;
      const candidates = filesEndingIn(span.text.replace(/^\.\//, ''));
      if (candidates.length === 0) {
        problems.push({ line: index + 1, problem: `no file ${span.text}` });
        return;
      }
      const named = [];
      const after = spans[i + 1];
      if (after && FILE_THEN_NAME.test(line.slice(span.end, after.start))) named.push(after.text);
      const before = spans[i - 1];
      if (before && NAME_THEN_FILE.test(line.slice(before.end, span.start))) named.push(before.text);
      for (const text of named) {
        const identifier = IDENTIFIER.exec(text)?.[1];
        if (!identifier || !/\.(tsx?|jsx?|mjs)$/.test(span.text)) continue;
        const declared = candidates.some((file) => declaredNames(path.join(root, file)).has(identifier));
        if (!declared) problems.push({ line: index + 1, problem: `${identifier} is not declared in ${span.text}` });
      }
    });
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  let failed = false;
  for (const document of process.argv.slice(2)) {
    for (const { line, problem } of brokenReferences(fs.readFileSync(document, 'utf8'), files, root)) {
      process.stderr.write(`${document}:${line}: ${problem}\n`);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

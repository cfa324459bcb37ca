// What the repository's own lint rules know of imports: how TypeScript resolves a specifier to a file of the
// repository, and which repository files a file imports (types included), read again only when the file changes.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Per file: its text's modification time and the repository files it imports. */
const importsCache = new Map();
/** Per tsconfig.json: its compiler options. */
const optionsCache = new Map();

export function optionsFor(tsconfigPath) {
  let options = optionsCache.get(tsconfigPath);
  if (!options) {
    const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
    options = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath)).options;
    optionsCache.set(tsconfigPath, options);
  }
  return options;
}

export function resolve(specifier, fromFile, options) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport || resolvedModule.resolvedFileName.endsWith('.d.ts'))
    return undefined;
  return path.resolve(resolvedModule.resolvedFileName);
}

/** The repository files `file` imports, as it is on disk (read again when it changes, in an editor's long run). */
export function importsOf(file, options) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [
    ...new Set(importedFiles.map((f) => resolve(f.fileName, file, options)).filter((f) => f !== undefined)),
  ];
  importsCache.set(file, { mtime, imports });
  return imports;
}

/**
 * ESLint visitors that call `check(node, specifier)` for every way a file names another: imports, re-exports,
 * `import()` with a literal, and `import('…')` types.
 */
export function importVisitors(check) {
  const withSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: withSource,
    ExportNamedDeclaration: withSource,
    ExportAllDeclaration: withSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node.source, node.source.value);
    },
    TSImportType(node) {
      const literal = node.argument?.literal ?? node.argument;
      if (literal && typeof literal.value === 'string') check(node, literal.value);
    },
  };
}

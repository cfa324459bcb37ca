// An ESLint rule: no import cycle among this repository's modules, counting `import type` too.
// import-x/no-cycle skips type-only imports by design (in the file it lints and along the path it follows) and has
// no option to count them. A cycle of types still ties modules together (neither can move or be read without the
// other), so this rule follows every static import, re-export and `import()` that TypeScript resolves to a file
// of the repository, types or not.
import path from 'node:path';
import { importVisitors, importsOf, optionsFor, resolve } from './repo-imports.js';

/** A path of imports from `start` back to `target`, or undefined when there is none. */
function pathBack(start, target, options) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of importsOf(route.at(-1), options)) {
      if (next === target) return route;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...route, next]);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles among the repository’s modules, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: { tsconfig: { type: 'string' } },
        required: ['tsconfig'],
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle (type imports count too): {{route}}.' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const options = optionsFor(context.options[0].tsconfig);
    const root = path.dirname(context.options[0].tsconfig);
    const check = (node, specifier) => {
      const target = resolve(specifier, file, options);
      if (!target || target === file) return;
      const route = pathBack(target, file, options);
      if (!route) return;
      const shown = [file, ...route, file].map((f) => path.relative(root, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { route: shown } });
    };
    return importVisitors(check);
  },
};

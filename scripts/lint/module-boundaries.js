// An ESLint rule for the server's modules (the folders of src/server/modules): each is used from outside only
// through its public face, its index.ts, and no module depends on itself through others (a cycle of any length,
// `import type` counted). A module that can be read, tested and changed alone is the point of the folders; a
// reach into another module's inner file, or a cycle, ties two of them into one without saying so.
// The module graph is read from every non-test file of the modules, as TypeScript resolves their imports.
import fs from 'node:fs';
import path from 'node:path';
import { importVisitors, importsOf, optionsFor, resolve } from './repo-imports.js';

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file);

/** The module (first folder under `modulesDir`) that holds `file`, or undefined outside the modules. */
function moduleOf(file, modulesDir) {
  const inside = path.relative(modulesDir, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const [name, ...rest] = inside.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

function sourceFilesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !isTest(entry.name) ? [file] : [];
  });
}

/** Module → the modules its non-test files import (directly). */
function moduleGraph(modulesDir, options) {
  const graph = new Map();
  for (const file of sourceFilesUnder(modulesDir)) {
    const from = moduleOf(file, modulesDir);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(file, options)) {
      const to = moduleOf(target, modulesDir);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** A path of modules from `start` to `target` in the graph, or undefined when there is none. */
function modulePath(graph, start, target) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of graph.get(route.at(-1)) ?? []) {
      if (next === target) return [...route, next];
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...route, next]);
    }
  }
  return undefined;
}

const FACE = /^index\.tsx?$/;

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Server modules are used through their index.ts only, and never import each other in a cycle.',
    },
    schema: [
      {
        type: 'object',
        properties: { tsconfig: { type: 'string' }, modulesDir: { type: 'string' } },
        required: ['tsconfig', 'modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      pastFace:
        '{{module}} is used through its public face: import from its index.ts, and export what is missing there ({{file}}).',
      cycle: 'Module cycle (type imports count too): {{route}}. Let one side emit an event, or move the shared piece.',
    },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const { tsconfig, modulesDir } = context.options[0];
    const options = optionsFor(tsconfig);
    const here = moduleOf(file, modulesDir);
    let graph;
    const check = (node, specifier) => {
      const target = resolve(specifier, file, options);
      const there = target && moduleOf(target, modulesDir);
      if (!there || there === here) return;
      const inner = path.relative(path.join(modulesDir, there), target);
      // A test may reach into what it tests; everything else goes through the face.
      if (!isTest(file) && !FACE.test(inner)) {
        context.report({ node, messageId: 'pastFace', data: { module: there, file: inner } });
      }
      if (!here || isTest(file)) return;
      graph ??= moduleGraph(modulesDir, options);
      const back = modulePath(graph, there, here);
      if (back) context.report({ node, messageId: 'cycle', data: { route: [here, ...back].join(' → ') } });
    };
    return importVisitors(check);
  },
};

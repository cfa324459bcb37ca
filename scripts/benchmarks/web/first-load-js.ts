// The JavaScript a visitor's first load of `/` needs, worked out from the build: the entry script(s) of
// index.html, the app's start-up chunk if the entry imports it with import() (src/client/main.tsx; since decision
// 0024 the entry imports it statically, so it is part of the entry's chunks), every chunk those import statically
// (transitively), and the lazy chunk of the home route with its own static imports. Dynamic import() chunks of other routes are left out. Also: is any admin code in there?
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuiltClient, BuiltChunk } from '../shared/build-client';

export interface JsFile {
  fileName: string;
  rawBytes: number;
  /** gzip at zlib's default level, as Vite's own size report measures. */
  gzipBytes: number;
}

export interface AdminCheck {
  /** The owner's source files that exist (src/client/app/pages/admin/**, src/client/features/*-admin/**). */
  sources: string[];
  /** Those of them bundled into a first-load chunk of `/`, with the chunk. */
  inFirstLoad: Array<{ source: string; chunk: string }>;
  /** Other modules of the first load whose path says "admin" (guards, route tables): worth knowing, not a failure. */
  otherAdminNamedModules: string[];
}

export interface StaticFirstLoad {
  /** `<script type="module" src>` of index.html. */
  htmlEntries: string[];
  /** The chunk of src/client/main.tsx when the entry imports it with import(); null when it is not one. */
  startupChunk: string | null;
  /** Whether src/client/main.tsx is bundled into the entry's static chunks (imported statically). */
  appInEntry: boolean;
  /** Entry chunks and the start-up chunk, plus everything they import statically. */
  staticFiles: JsFile[];
  /** Static chunks that index.html does not modulepreload (the browser finds them one round trip later). */
  notPreloaded: string[];
  /** The lazy chunk of the `/` route, or null when the build does not show it reliably. */
  routeChunk: string | null;
  /** The route chunk and its static imports that the entry did not already load. */
  routeFiles: JsFile[];
  admin: AdminCheck;
  /** What the first-load chunks are made of, by npm package or app folder, largest first. */
  contributors: Contributor[];
}

export interface Contributor {
  name: string;
  /** Rendered length before minification: good for proportions, not a download size. */
  renderedLength: number;
  share: number;
}

const HOME_PAGE_SOURCE = 'src/client/app/pages/home-page.tsx';
const STARTUP_SOURCE = 'src/client/main.tsx';

/** The chunk standing for `source`, if some chunk in `from` reaches it by a dynamic import(). */
function lazyChunkOf(projectRoot: string, client: BuiltClient, source: string, from: string[]): string | null {
  const id = path.join(projectRoot, source);
  const chunk = [...client.chunks.values()].find(
    (candidate) => candidate.facadeModuleId === id && candidate.isDynamicEntry,
  );
  const reached = chunk && from.some((name) => client.chunks.get(name)?.dynamicImports.includes(chunk.fileName));
  return reached ? chunk.fileName : null;
}

function attributeValues(html: string, tag: string, required: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const element = match[0];
    if (!required.test(element)) continue;
    const value = new RegExp(`\\b${attribute}="([^"]+)"`, 'i').exec(element)?.[1];
    if (value) values.push(value);
  }
  return values;
}

/** `/assets/x.js` -> `assets/x.js`, the bundle's file name. */
const toFileName = (url: string) => url.replace(/^\.?\//, '');

function staticClosure(start: string[], chunks: Map<string, BuiltChunk>): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const fileName = queue.shift() as string;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    queue.push(...(chunks.get(fileName)?.imports ?? []));
  }
  return [...seen];
}

function measure(outDir: string, fileName: string): JsFile {
  const content = fs.readFileSync(path.join(outDir, fileName));
  return { fileName, rawBytes: content.length, gzipBytes: gzipSync(content).length };
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

export function adminSources(projectRoot: string): string[] {
  const featuresDir = path.join(projectRoot, 'src/client/features');
  const features = fs.existsSync(featuresDir)
    ? fs
        .readdirSync(featuresDir)
        .filter((name) => name.endsWith('-admin'))
        .flatMap((name) => listFiles(path.join(featuresDir, name)))
    : [];
  return [...listFiles(path.join(projectRoot, 'src/client/app/pages/admin')), ...features];
}

/** `react-dom`, `@tanstack/query-core`, or the app folder (`src/client/app`) a module belongs to. */
function contributorOf(projectRoot: string, id: string): string {
  const inPackage = id.split('node_modules/').pop() as string;
  if (inPackage !== id)
    return inPackage
      .split('/')
      .slice(0, inPackage.startsWith('@') ? 2 : 1)
      .join('/');
  const relative = path.relative(projectRoot, id);
  if (relative.startsWith('..') || path.isAbsolute(relative) || !relative.startsWith('src'))
    return `(bundler) ${path.basename(id)}`;
  return relative.split(path.sep).slice(0, 3).join('/');
}

function contributors(projectRoot: string, client: BuiltClient, fileNames: string[]): Contributor[] {
  const lengths = new Map<string, number>();
  for (const fileName of fileNames) {
    for (const module of client.chunks.get(fileName)?.moduleSizes ?? []) {
      const name = contributorOf(projectRoot, module.id);
      lengths.set(name, (lengths.get(name) ?? 0) + module.renderedLength);
    }
  }
  const total = [...lengths.values()].reduce((sum, length) => sum + length, 0) || 1;
  return [...lengths]
    .map(([name, renderedLength]) => ({ name, renderedLength, share: renderedLength / total }))
    .sort((a, b) => b.renderedLength - a.renderedLength);
}

export function staticFirstLoad(projectRoot: string, client: BuiltClient): StaticFirstLoad {
  const html = fs.readFileSync(path.join(client.outDir, 'index.html'), 'utf8');
  const htmlEntries = attributeValues(html, 'script', /type="module"/i, 'src').map(toFileName);
  const preloads = new Set(attributeValues(html, 'link', /rel="modulepreload"/i, 'href').map(toFileName));
  for (const entry of htmlEntries) {
    if (!client.chunks.has(entry)) throw new Error(`index.html loads ${entry}, which the build did not report`);
  }

  const entryNames = staticClosure(htmlEntries, client.chunks);
  const startupChunk = lazyChunkOf(projectRoot, client, STARTUP_SOURCE, entryNames);
  const startupId = path.join(projectRoot, STARTUP_SOURCE);
  const appInEntry = entryNames.some((name) => client.chunks.get(name)?.moduleIds.includes(startupId));
  const staticNames = [
    ...new Set([...entryNames, ...(startupChunk ? staticClosure([startupChunk], client.chunks) : [])]),
  ];
  const staticSet = new Set(staticNames);

  // The home route's chunk: the one standing for home-page.tsx, reached by a dynamic import() of a chunk the
  // visitor already has (the router's `lazy`). If either half is missing, the route chunk is not reported.
  const routeChunk = lazyChunkOf(projectRoot, client, HOME_PAGE_SOURCE, staticNames);
  const routeNames = routeChunk
    ? staticClosure([routeChunk], client.chunks).filter((name) => !staticSet.has(name))
    : [];

  const sources = adminSources(projectRoot);
  const inFirstLoad: AdminCheck['inFirstLoad'] = [];
  const otherAdminNamedModules = new Set<string>();
  for (const name of [...staticNames, ...routeNames]) {
    for (const id of client.chunks.get(name)?.moduleIds ?? []) {
      if (sources.includes(id)) inFirstLoad.push({ source: path.relative(projectRoot, id), chunk: name });
      else if (/admin/i.test(path.basename(id)) && !id.includes('node_modules'))
        otherAdminNamedModules.add(path.relative(projectRoot, id));
    }
  }

  return {
    htmlEntries,
    startupChunk,
    appInEntry,
    staticFiles: staticNames.map((name) => measure(client.outDir, name)),
    notPreloaded: entryNames.filter((name) => !htmlEntries.includes(name) && !preloads.has(name)),
    routeChunk,
    routeFiles: routeNames.map((name) => measure(client.outDir, name)),
    admin: {
      sources: sources.map((source) => path.relative(projectRoot, source)),
      inFirstLoad,
      otherAdminNamedModules: [...otherAdminNamedModules],
    },
    contributors: contributors(projectRoot, client, [...staticNames, ...routeNames]),
  };
}

export const sumGzip = (files: JsFile[]) => files.reduce((total, file) => total + file.gzipBytes, 0);
export const sumRaw = (files: JsFile[]) => files.reduce((total, file) => total + file.rawBytes, 0);

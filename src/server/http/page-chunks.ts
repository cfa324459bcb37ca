import fs from 'node:fs';
import path from 'node:path';
import { pageCodeFile } from '../../shared/store/page-code';
import type { SitePath } from '../../shared/store/site-pages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** Chunks this one imports statically: the browser needs them before it can run it. */
  imports?: string[];
}

/**
 * The `<link rel="modulepreload">` tags of a page's own code, read from the build's manifest once at start. The
 * built index.html already preloads the app's entry and what it imports; a page's chunk was only asked for once
 * the entry had run, a round trip later (0.6 s on slow 4G) before the page answered input. Named in the HTML, it
 * comes with the entry, at low priority so that it does not take bandwidth from the main picture. Without a
 * manifest (tests of the API, an old build) no page gets any.
 */
export function pageChunkPreloads(clientDir: string): (path: SitePath) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, into);
    return into;
  };
  const preloadedByIndex = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(key, preloadedByIndex);

  const tags = new Map<SitePath, string>();
  return (sitePath) => {
    let tag = tags.get(sitePath);
    if (tag === undefined) {
      const code = pageCodeFile(sitePath);
      const keys = code ? [...withImports(code)].filter((key) => !preloadedByIndex.has(key)) : [];
      // crossorigin as Vite writes its own preloads: module scripts are fetched in CORS mode, and a preload made
      // in another mode would not be used.
      tag = keys
        .map((key) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${manifest[key]?.file}">`)
        .join('');
      tags.set(sitePath, tag);
    }
    return tag;
  };
}

import path from 'node:path';
import { pageCodeFile } from '../../src/shared/store/page-code.ts';
import { SITE_PATHS, sitePage } from '../../src/shared/store/site-pages.ts';

/** What the bundler tells a chunk-naming function about a module: the modules it imports statically. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * One chunk for the code the server-rendered pages (home, shop, an artwork, a set…) share and the app's entry does
 * not hold. Left to itself the bundler gives every set of pages sharing a module a chunk of its own: an artwork's
 * page needed 17 files beside the entry, most under 1 kB, and on slow 4G each round of six requests costs 0.56 s
 * before the page answers input. One shared file costs a page a few kB it may not use and saves it those rounds.
 * Returns the bundler's `name` function for a code-splitting group: 'storefront' for a module in it, else null.
 */
export function storefrontChunk(clientRoot: string, entryFile: string) {
  let members: Set<string> | undefined;
  const pageFiles = SITE_PATHS.filter((sitePath) => sitePage(sitePath).serverRendered)
    .map(pageCodeFile)
    .filter((file): file is string => file !== null)
    .map((file) => path.join(clientRoot, file));

  return (id: string, graph: ModuleGraph): string | null => {
    members ??= sharedByPages(graph, pageFiles, path.join(clientRoot, entryFile));
    return members.has(id) ? 'storefront' : null;
  };
}

function sharedByPages(graph: ModuleGraph, pageFiles: readonly string[], entry: string): Set<string> {
  const inEntry = staticallyReached(graph, entry);
  const reachCount = new Map<string, number>();
  for (const page of pageFiles)
    for (const id of staticallyReached(graph, page)) reachCount.set(id, (reachCount.get(id) ?? 0) + 1);
  const pages = new Set(pageFiles);
  return new Set(
    [...reachCount].filter(([id, count]) => count >= 2 && !inEntry.has(id) && !pages.has(id)).map(([id]) => id),
  );
}

/** The module and every module it imports statically, however deep (dynamic imports stay their own chunks). */
function staticallyReached(graph: ModuleGraph, start: string): Set<string> {
  const reached = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

// Builds the client as `npx vite build` does (same vite.config.ts), but into a folder of its own: dist/client
// is rebuilt by whoever runs `npm test` or `npm run build`, and a build swapped under the running server would
// break the pages being measured. Keeps what the bundler knows about each chunk: its static imports, its
// dynamic imports and the source modules inside it.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { precompress } from '../../build/precompress-assets';

export interface BuiltChunk {
  /** Relative to the output folder, e.g. `assets/index-abc123.js`. */
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (the page of a lazy route), absolute. */
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Absolute paths of the source modules bundled into the chunk. */
  moduleIds: string[];
  /** Each module's share of the chunk: its rendered length in characters, before minification. */
  moduleSizes: Array<{ id: string; renderedLength: number }>;
}

export interface BuiltClient {
  outDir: string;
  chunks: Map<string, BuiltChunk>;
}

/** Where the server build of the client goes, next to the client build. */
export const serverRenderDirOf = (clientDir: string) => `${clientDir}-server`;

const cleanModuleId = (id: string) => id.replace(/^\0/, '').replace(/\?.*$/, '');

export async function buildClient(projectRoot: string, outDir: string): Promise<BuiltClient> {
  const result = await build({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = new Map<string, BuiltChunk>();
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('vite build started a watcher instead of building');
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      chunks.set(item.fileName, {
        fileName: item.fileName,
        isEntry: item.isEntry,
        isDynamicEntry: item.isDynamicEntry,
        facadeModuleId: item.facadeModuleId ?? null,
        imports: [...item.imports],
        dynamicImports: [...item.dynamicImports],
        moduleIds: item.moduleIds.map(cleanModuleId),
        moduleSizes: Object.entries(item.modules).map(([id, module]) => ({
          id: cleanModuleId(id),
          renderedLength: module.renderedLength,
        })),
      });
    }
  }
  if (!fs.existsSync(path.join(outDir, 'index.html'))) throw new Error(`No index.html in ${outDir} after the build`);
  // As npm run build does: the server renderer beside it, and compressed copies of the assets.
  await build({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'entry-server.tsx', outDir: serverRenderDirOf(outDir), emptyOutDir: true },
  });
  precompress(outDir);
  return { outDir, chunks };
}

// The last step of `npm run build`: bundles the server's TypeScript (src/server/main.ts and what it imports) into
// one JavaScript file, dist/server-app/main.js, that plain `node` runs: no compiler or loader at run time, one
// process (decision 0028). Packages stay in node_modules (imported as usual); a source map points stack traces at
// the TypeScript. Each child program (src/server/operations/children/) is bundled on its own into
// dist/server-app/children/, where spawnChild runs it: a child loads sharp and its few helpers, not the server.
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const childrenFolder = path.join(root, 'src/server/operations/children');

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: [path.join(root, 'src/server/main.ts')],
  // Two folders below the project root, like src/server/: the paths the server builds from import.meta.dirname
  // (dist/client, dist/server) hold in the bundle as in the source.
  outfile: path.join(root, 'dist/server-app/main.js'),
});

await build({
  ...common,
  entryPoints: fs
    .readdirSync(childrenFolder)
    .filter((file) => file.endsWith('-child.ts'))
    .map((file) => path.join(childrenFolder, file)),
  outdir: path.join(root, 'dist/server-app/children'),
});

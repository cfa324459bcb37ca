// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the built client,
// so the server sends compressed files without compressing on every request (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|html|json|txt)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Returns the total size before and after Brotli, in bytes. */
export function precompress(root: string): { before: number; after: number } {
  let before = 0;
  let after = 0;
  for (const file of files(root)) {
    const content = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    before += content.length;
    after += brotli.length;
  }
  return { before, after };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '../../dist/client');
  const { before, after } = precompress(root);
  console.log(
    `precompressed dist/client: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with Brotli`,
  );
}

import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { storefrontChunk } from './scripts/build/storefront-chunk.ts';

// The client lives in src/client; the server serves the built files from dist/client.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  // The pages run on Preact through preact/compat, the source written against React's API: React DOM alone was half
  // of the JavaScript a phone fetched before a page answered (docs/decisions/0082-the-storefront-renders-with-preact.md).
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Which built chunk is whose page: the server names a page's chunk in its HTML (src/shared/store/page-code.ts).
    manifest: true,
    // The browser's chunks only: the server's render is one process reading files from disk.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: storefrontChunk(path.join(import.meta.dirname, 'src/client'), 'boot.ts'),
                  debugName: 'storefront',
                  // Its modules' imports outside it (React, the app's entry) stay where they are: pulled in, they
                  // would move the entry's code into this chunk and make every page wait for it.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  // The server's render bundles the libraries that import React, so they get Preact too (one renderer per page).
  ssr: { noExternal: ['react-router', '@tanstack/react-query', '@stripe/react-stripe-js'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
}));

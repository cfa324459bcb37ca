import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in src/client; the server serves the built files from dist/client.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Which built chunk is whose page: the server names a page's chunk in its HTML (src/shared/store/page-code.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});

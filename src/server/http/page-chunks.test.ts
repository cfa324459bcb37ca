import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageChunkPreloads } from './page-chunks';

describe('pageChunkPreloads', () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-chunks-'));
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it("names a page's chunk and what it imports, but not what the entry already preloads", () => {
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-2.js' },
        '_grid.js': { file: 'assets/grid-3.js', imports: ['_react.js', '_money.js'] },
        '_money.js': { file: 'assets/money-4.js' },
        'app/pages/shop-page.tsx': { file: 'assets/shop-page-5.js', imports: ['index.html', '_grid.js'] },
      }),
    );
    const preloadsOf = pageChunkPreloads(clientDir);
    expect(preloadsOf('/shop')).toBe(
      ['shop-page-5', 'grid-3', 'money-4']
        .map((name) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/${name}.js">`)
        .join(''),
    );
    // A page the build does not know (here: not in this manifest) gets none.
    expect(preloadsOf('/cart')).toBe('');
  });

  it('names nothing without a build manifest', () => {
    expect(pageChunkPreloads(path.join(clientDir, 'nowhere'))('/shop')).toBe('');
  });
});

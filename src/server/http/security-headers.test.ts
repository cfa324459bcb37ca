import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script a browser runs, and nothing else', () => {
    const recorder = '\n      (() => { window.earlyInput = 1; })();\n    ';
    const html = [
      '<head>',
      `<script>${recorder}</script>`,
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module">import "/x.js";</script>',
      '</head><body><script type="application/json" id="server-state">{}</script></body>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha256(recorder), sha256('import "/x.js";')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><head><script src="/a.js"></script></head></html>')).toEqual([]);
  });
});

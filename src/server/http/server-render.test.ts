import { describe, expect, it } from 'vitest';
import { withRenderedPage } from './server-render';

const SHELL = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('withRenderedPage', () => {
  it("moves React's image preloads into <head> and the page into #root, with its data as a JSON block", () => {
    const html = withRenderedPage(SHELL, {
      html: '<link rel="preload" as="image" href="/a.webp"/><link rel="preload" as="image" imageSrcSet="/b.webp 400w"/><div class="app">page</div>',
      state: { queries: [{ text: '</script><script>alert(1)</script>' }] },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/a.webp"/><link rel="preload" as="image" imageSrcSet="/b.webp 400w"/>',
    );
    expect(html).toContain('<div id="root"><div class="app">page</div></div>');
    const state = /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(state)).toEqual({ queries: [{ text: '</script><script>alert(1)</script>' }] });
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { previewHtmlOf } from './preview-html';

describe('the owner’s Markdown in list mail', () => {
  it('renders headings, paragraphs, lists, emphasis and links', () => {
    const html = renderMarkdown(
      '# Title\n\nOne **bold** and *soft* line\nnext line\n\n- a\n- b\n\n1. first\n\n[shop](https://shop.example/a?b=1&c=2)',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<p>One <strong>bold</strong> and <em>soft</em> line<br>next line</p>',
        '<ul><li>a</li><li>b</li></ul>',
        '<ol><li>first</li></ol>',
        '<p><a href="https://shop.example/a?b=1&amp;c=2">shop</a></p>',
      ].join('\n'),
    );
  });

  it('escapes every piece of HTML and keeps links that are not http(s) or mailto as text', () => {
    const html = renderMarkdown(
      '<img src=x onerror="alert(1)"> [x](javascript:alert(1)) [y](https://a.example/"onmouseover=1)',
    );
    expect(html).not.toMatch(/<img|href="javascript|onmouseover="/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('[x](javascript:alert(1))');
  });

  it('puts the mail in a page without its inline styles, the owner’s quotes untouched', () => {
    const mail = `<!doctype html><html><body style="color:red"><h1 style="font-size:20px">Shop</h1>${renderMarkdown('say style="x"')}</body></html>`;
    expect(previewHtmlOf(mail)).toBe('<p class="broadcast-preview__store">Shop</p><p>say style=&quot;x&quot;</p>');
  });
});

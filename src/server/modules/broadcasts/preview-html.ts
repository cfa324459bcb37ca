/**
 * The message's HTML made fit to sit inside the owner's page: the body's content only, without the inline styles
 * mail programs need (the page's policy allows no inline style; the page styles the preview itself), and the
 * store's name as a paragraph rather than a second h1. Safe by construction: every piece of the owner's text in
 * the message was escaped, quotes included, so no text of theirs can look like a style attribute or a tag here.
 */
export function previewHtmlOf(mailHtml: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(mailHtml)?.[1] ?? mailHtml;
  return body
    .replace(/ style="[^"]*"/g, '')
    .replace(/<h1>/g, '<p class="broadcast-preview__store">')
    .replace(/<\/h1>/g, '</p>')
    .trim();
}

/**
 * The message as a subscriber gets it. The HTML is the server's rendering of the owner's Markdown, every character
 * of their text escaped there, with the mail's inline styles taken out: this page styles it.
 */
export function BroadcastPreview({ html }: { html: string }) {
  return (
    <section className="broadcast-preview" aria-labelledby="broadcast-preview-heading">
      <h2 id="broadcast-preview-heading">Preview</h2>
      <div className="broadcast-preview__mail" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

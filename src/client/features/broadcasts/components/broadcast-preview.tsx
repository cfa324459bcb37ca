/**
 * The message as a subscriber gets it, in a sandboxed frame: the mail's HTML (escaped by the server) never mixes
 * with the page's, and nothing in it can run.
 */
export function BroadcastPreview({ html }: { html: string }) {
  return (
    <section className="broadcast-preview" aria-label="Preview">
      <h2>Preview</h2>
      <iframe className="broadcast-preview__frame" title="Preview of the message" sandbox="" srcDoc={html} />
    </section>
  );
}

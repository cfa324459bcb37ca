import { escapeMarkup } from '../../http/escaping';

export interface ReminderEmailInput {
  storeName: string;
  publicUrl: string;
  /** What the cart holds, by name (artworks' and sets' titles). */
  titles: string[];
}

/**
 * The one reminder of a cart left waiting: what is in it and a link back to it. The mailing list's `listMessage`
 * adds the footer (postal address, unsubscribe link) and the list headers.
 */
export function cartReminderMessage(input: ReminderEmailInput): { subject: string; text: string; html: string } {
  const cartUrl = `${input.publicUrl}/cart`;
  const shown = input.titles.slice(0, 10);
  const more = input.titles.length - shown.length;
  const items = [...shown, ...(more > 0 ? [`and ${more} more`] : [])];
  const text = [
    'Your cart is still waiting for you:',
    ...items.map((title) => `- ${title}`),
    '',
    `Open your cart: ${cartUrl}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(input.storeName)}</h1>
<p>Your cart is still waiting for you:</p>
<ul>${items.map((title) => `<li>${escapeMarkup(title)}</li>`).join('')}</ul>
<p><a href="${escapeMarkup(cartUrl)}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:6px;text-decoration:none">Open your cart</a></p>
</body></html>`;
  return { subject: `Your cart is waiting — ${input.storeName}`, text, html };
}

import { escapeMarkup } from '../../http/escaping';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { listFooter } from './list-footer';

export interface ReminderEmailInput {
  to: string;
  storeName: string;
  publicUrl: string;
  seller: { name: string | null; address: string | null };
  /** What the cart holds, by name (artworks' and sets' titles). */
  titles: string[];
  unsubscribeUrl: string;
}

/** The one reminder of a cart left waiting: what is in it, a link back to it, and the list footer. */
export function cartReminderMessage(input: ReminderEmailInput): MailMessage {
  const cartUrl = `${input.publicUrl}/cart`;
  const shown = input.titles.slice(0, 10);
  const more = input.titles.length - shown.length;
  const items = [...shown, ...(more > 0 ? [`and ${more} more`] : [])];
  const footer = listFooter({
    storeName: input.storeName,
    seller: input.seller,
    reason: `You get this because you asked ${input.storeName} to remind you of a cart you left.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
  const text = [
    'Your cart is still waiting for you:',
    ...items.map((title) => `- ${title}`),
    '',
    `Open your cart: ${cartUrl}`,
    '',
    '—',
    footer.text,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(input.storeName)}</h1>
<p>Your cart is still waiting for you:</p>
<ul>${items.map((title) => `<li>${escapeMarkup(title)}</li>`).join('')}</ul>
<p><a href="${escapeMarkup(cartUrl)}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:6px;text-decoration:none">Open your cart</a></p>
${footer.html}
</body></html>`;
  return { to: input.to, subject: `Your cart is waiting — ${input.storeName}`, text, html };
}

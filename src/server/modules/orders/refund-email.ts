import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import { formatMoneyCents } from '#shared/money/money.ts';
import type { StoreSettings } from '#shared/store/store-settings-schema.ts';
import { taxDocumentPath } from '#shared/taxes/tax-document-format.ts';
import type { Config } from '../../config';
import type { OrderRow } from '../../db/schema';
import { escapeMarkup } from '../../http/escaping';
import type { MailProvider } from '../../providers/mail/mail-provider';

type MailMessage = Parameters<MailProvider['send']>[0];

/**
 * Tells the buyer what was paid back, and whether their downloads stay (a partial refund) or end (a full one), with
 * the page of the credit note the refund was given (`creditNoteNumber`: null for an order paid before invoices).
 */
export function refundMessage(
  ctx: { config: Config; settings: StoreSettings },
  order: OrderRow,
  amountCents: number,
  creditNoteNumber: string | null,
  /** The pieces refunded on their own (decision 0071): named, and their downloads end while the others' stay. */
  refundedTitles: readonly string[] = [],
): MailMessage {
  const { storeName, publicUrl } = ctx.config;
  const number = buyerOrderNumber({ paymentIntentId: order.payment_intent_id, orderNumber: order.order_number });
  const full = order.refunded_cents >= order.amount_cents;
  const what = refundedTitles.length > 0 ? ` for ${refundedTitles.map((title) => `“${title}”`).join(', ')}` : '';
  const lines = [
    `We have refunded ${formatMoneyCents(amountCents, order.currency)}${what} of your order #${number} (${order.order_number}).`,
    `It goes back to the card you paid with${order.card_last4 ? ` (ending in ${order.card_last4})` : ''}; banks usually show it within 5–10 business days.`,
    full
      ? 'As the order is refunded in full, its downloads are no longer available.'
      : refundedTitles.length > 0
        ? `The refunded ${refundedTitles.length === 1 ? 'piece is' : 'pieces are'} no longer available to download and ${refundedTitles.length === 1 ? 'its licence has' : 'their licences have'} ended; your other downloads stay available: ${publicUrl}/downloads`
        : `Your downloads stay available: ${publicUrl}/downloads`,
    ...(creditNoteNumber ? [`Credit note ${creditNoteNumber}: ${publicUrl}${taxDocumentPath(creditNoteNumber)}`] : []),
    ctx.settings.supportEmail
      ? `Questions? Write to ${ctx.settings.supportEmail} or use ${publicUrl}/contact.`
      : `Questions? Write to us at ${publicUrl}/contact.`,
  ];
  const text = [...lines, '', `— ${storeName}`, publicUrl].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(storeName)}</h1>
${lines.map((line) => `<p>${escapeMarkup(line)}</p>`).join('\n')}
<p style="color:#5f6b76;font-size:13px">— ${escapeMarkup(storeName)}, <a href="${escapeMarkup(publicUrl)}">${escapeMarkup(publicUrl)}</a></p>
</body></html>`;
  return { to: order.customer_email, subject: `Refund for order #${number} — ${storeName}`, text, html };
}

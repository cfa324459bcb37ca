import { escapeMarkup } from '../../http/escaping';

// The footer every list message ends with: who sends it (the seller's name and postal address, which the CAN-SPAM
// Act and the EU's e-commerce rules ask of marketing mail), why it came, and the way off the list.

export interface ListFooterInput {
  storeName: string;
  seller: { name: string | null; address: string | null };
  /** Why this address gets this mail, in one sentence. */
  reason: string;
  unsubscribeUrl: string;
}

export function listFooter({ storeName, seller, reason, unsubscribeUrl }: ListFooterInput): {
  text: string;
  html: string;
} {
  const sender = [seller.name ?? storeName, seller.address].filter((part): part is string => Boolean(part));
  const text = [reason, `Unsubscribe: ${unsubscribeUrl}`, sender.join(', ')].join('\n');
  const html = `<p style="color:#5f6b76;font-size:13px">${escapeMarkup(reason)}<br>
<a href="${escapeMarkup(unsubscribeUrl)}">Unsubscribe</a><br>
${sender.map(escapeMarkup).join('<br>')}</p>`;
  return { text, html };
}

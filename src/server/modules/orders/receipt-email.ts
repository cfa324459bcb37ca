import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import { ratioSizesLine } from '#shared/prints/master-print-sizes.ts';
import { formatMoneyCents } from '#shared/money/money.ts';
import { FREE_ORDER_MESSAGES, FREE_ORDER_PROVIDER } from '#shared/orders/free-order.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import { REFUND_POLICIES } from '#shared/store/store-settings.ts';
import { taxDocumentPath } from '#shared/taxes/tax-document-format.ts';
import type { StoreSettings } from '#shared/store/store-settings-schema.ts';
import { groupSetLines } from '#shared/sets/set-cover.ts';
import type { Config } from '../../config';
import type { OrderRow } from '../../db/schema';
import { escapeMarkup } from '../../http/escaping';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { taxSummaryOf } from './order-tax-view';
import type { ReceiptItem } from './receipt-print-sizes';
import { paymentMethodText } from '../../providers/payments/payment-method-label';

// One formatter for every receipt: building one per call costs more than the rest of the date.
const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const longDate = (value: Date | string) => `${LONG_DATE.format(new Date(value))} UTC`;

/** The print sizes included with a line, a ratio a line: '   4:5 — 4 × 5 in, 8 × 10 in, 16 × 20 in'. */
function sizesText(item: ReceiptItem): string[] {
  if (item.printSizes.length === 0) return [];
  return ['   Print sizes included (300 DPI):', ...item.printSizes.map((entry) => `   ${ratioSizesLine(entry)}`)];
}

function sizesHtml(item: ReceiptItem): string {
  if (item.printSizes.length === 0) return '';
  const lines = item.printSizes.map((entry) => escapeMarkup(ratioSizesLine(entry))).join('<br>');
  return `<br><span style="color:#5f6b76;font-size:13px">Print sizes included (300 DPI):<br>${lines}</span>`;
}

/** ' (was $5.90)' after a unit price an automatic sale lowered. */
const onSale = (item: ReceiptItem, money: (cents: number) => string) =>
  item.list_unit_price_cents > item.unit_price_cents ? ` (was ${money(item.list_unit_price_cents)})` : '';
/** The licence a line was sold under, and the version of its terms: 'Commercial licence (terms version 2)'. */
function licenceOf(item: ReceiptItem): string {
  const version = item.licence_terms_version === null ? '' : ` (terms version ${item.licence_terms_version})`;
  return `${licenceLabel(item.licence)}${version}`;
}

/**
 * The receipt of a paid order: what was bought at what price, how it was paid, the licence, where to download, and
 * the invoice's page (`invoiceNumber`: null for an order paid before invoices were issued). A guest's receipt links
 * their order's library instead of the account's, which they do not have.
 */
export function receiptMessage(
  ctx: { config: Config; settings: StoreSettings },
  order: OrderRow,
  items: readonly ReceiptItem[],
  invoiceNumber: string | null,
  /** A guest's order (no account): its own library's signed link, where the account's library would be. */
  guestLibraryUrl: string | null = null,
): MailMessage {
  const { storeName, publicUrl } = ctx.config;
  // In the currency the order was charged in.
  const money = (cents: number) => formatMoneyCents(cents, order.currency);
  const number = buyerOrderNumber({ paymentIntentId: order.payment_intent_id, orderNumber: order.order_number });
  const refunds = REFUND_POLICIES[ctx.settings.refundPolicy];
  const downloads = guestLibraryUrl ?? `${publicUrl}/downloads`;
  const paidWith = paymentMethodText(order) ?? 'card';
  // A free order took no payment: it says so plainly where a paid one names its card.
  const free = order.provider === FREE_ORDER_PROVIDER;
  // Each line at its (sale) price; the order's discount follows as a line of its own, so the lines, the subtotal, the
  // discount and the total read as the sum they are.
  // A set's lines come under its title, as bought ("Set: Compass"), indented.
  const groups = groupSetLines(items, (item) => ({ id: item.set_id, title: item.set_title }));
  const lineText = (item: ReceiptItem, indent: string) =>
    `${indent}${item.quantity} × ${item.title} by ${item.artist} — ${licenceOf(item)} — ${money(item.unit_price_cents)} each${onSale(item, money)} — ${money(item.unit_price_cents * item.quantity)}`;
  const textLines = groups.flatMap((group) => [
    ...(group.heading ? [group.heading] : []),
    ...group.items.flatMap((item) => [lineText(item, group.heading ? '  ' : ''), ...sizesText(item)]),
  ]);
  const discount = order.discount_cents > 0 ? `Discount (${order.discount_label ?? 'discount'})` : null;
  // Added VAT comes before the total it is part of; VAT inside the prices after it, as a note of what it holds.
  const tax = taxSummaryOf(order, items);
  const taxLine = tax ? { label: tax.label, amount: money(tax.amount) } : null;
  const taxBefore = taxLine && !tax?.included ? [taxLine] : [];
  const taxAfter = taxLine && tax?.included ? [taxLine] : [];
  const invoiceUrl = invoiceNumber ? `${publicUrl}${taxDocumentPath(invoiceNumber)}` : null;
  const invoiceHtml = invoiceUrl
    ? `\n<p>Invoice ${escapeMarkup(invoiceNumber ?? '')}: <a href="${escapeMarkup(invoiceUrl)}">${escapeMarkup(invoiceUrl)}</a></p>`
    : '';

  const text = [
    `Thank you for your order!`,
    '',
    `Order #${number} (${order.order_number})`,
    `Date: ${longDate(order.paid_at ?? order.created_at)}`,
    '',
    ...textLines,
    '',
    ...(discount ? [`Subtotal: ${money(order.subtotal_cents)}`, `${discount}: −${money(order.discount_cents)}`] : []),
    ...taxBefore.map((line) => `${line.label}: ${line.amount}`),
    `Total: ${money(order.amount_cents)} (${order.currency.toUpperCase()})`,
    ...taxAfter.map((line) => `${line.label}: ${line.amount}`),
    ...(tax?.notice ? [tax.notice] : []),
    free ? FREE_ORDER_MESSAGES.noPaymentTaken : `Paid with: ${paidWith}`,
    ...(invoiceUrl ? [`Invoice ${invoiceNumber}: ${invoiceUrl}`] : []),
    '',
    `Licenses: each line above names its license. Its terms and your license certificate are on ${downloads}.`,
    `Refunds: ${refunds.summary}`,
    '',
    `Download your artwork: ${downloads}`,
    '',
    `— ${storeName}`,
    publicUrl,
  ].join('\n');

  const itemRow = (item: ReceiptItem) =>
    `<tr><td style="padding:6px 0">${escapeMarkup(item.title)}<br><span style="color:#5f6b76">by ${escapeMarkup(item.artist)}</span><br><span style="font-size:13px">${escapeMarkup(licenceOf(item))}</span>${sizesHtml(item)}</td>` +
    `<td style="padding:6px 12px;text-align:center">${item.quantity}</td>` +
    `<td style="padding:6px 0;text-align:right">${money(item.unit_price_cents)}${escapeMarkup(onSale(item, money))}</td>` +
    `<td style="padding:6px 0 6px 12px;text-align:right">${money(item.unit_price_cents * item.quantity)}</td></tr>`;
  const rows = groups
    .map(
      (group) =>
        (group.heading
          ? `<tr><td colspan="4" style="padding:10px 0 0"><strong>${escapeMarkup(group.heading)}</strong></td></tr>\n`
          : '') + group.items.map(itemRow).join('\n'),
    )
    .join('\n');
  const summaryRow = (label: string, amount: string) =>
    `<tr><td colspan="3" style="padding-top:6px;text-align:right">${escapeMarkup(label)}</td><td style="padding-top:6px;text-align:right">${amount}</td></tr>`;
  const discountRows = discount
    ? summaryRow('Subtotal', money(order.subtotal_cents)) + summaryRow(discount, `−${money(order.discount_cents)}`)
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:20px">${escapeMarkup(storeName)}</h1>
<p>Thank you for your order!</p>
<p><strong>Order #${escapeMarkup(number)}</strong> (${escapeMarkup(order.order_number)})<br>${escapeMarkup(longDate(order.paid_at ?? order.created_at))}</p>
<table style="border-collapse:collapse;width:100%;max-width:560px">
<tr><th style="text-align:left">Artwork</th><th>Qty</th><th style="text-align:right">Price</th><th style="text-align:right">Total</th></tr>
${rows}
${discountRows}
${taxBefore.map((line) => summaryRow(line.label, line.amount)).join('')}
<tr><td colspan="3" style="padding-top:10px;text-align:right"><strong>Total</strong></td><td style="padding-top:10px;text-align:right"><strong>${money(order.amount_cents)}</strong></td></tr>
${taxAfter.map((line) => summaryRow(line.label, line.amount)).join('')}
</table>${tax?.notice ? `\n<p>${escapeMarkup(tax.notice)}</p>` : ''}
<p>${escapeMarkup(free ? FREE_ORDER_MESSAGES.noPaymentTaken : `Paid with ${paidWith}.`)}</p>${invoiceHtml}
<p><strong>Licenses:</strong> each line above names its license; its terms and your license certificate are on <a href="${escapeMarkup(downloads)}">My Downloads</a>.<br><strong>Refunds:</strong> ${escapeMarkup(refunds.summary)}</p>
<p><a href="${escapeMarkup(downloads)}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:6px;text-decoration:none">Download your artwork</a></p>
<p style="color:#5f6b76;font-size:13px">— ${escapeMarkup(storeName)}, <a href="${escapeMarkup(publicUrl)}">${escapeMarkup(publicUrl)}</a></p>
</body></html>`;

  return { to: order.customer_email, subject: `Your receipt for order #${number} — ${storeName}`, text, html };
}

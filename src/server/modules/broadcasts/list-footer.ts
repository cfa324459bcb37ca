import type { ConsentKind } from '../../../shared/mailing/consent-kinds';
import { escapeMarkup } from '../../http/escaping';
import type { TaxConfig } from '../../tax-config';
import { listUnsubscribe, type ListSecret } from '../mailing-list';

export interface ListFooterDeps {
  secret: ListSecret;
  publicUrl: string;
  storeName: string;
  seller: TaxConfig['seller'];
}

/**
 * What every list message ends with, in one place: why the address gets it, the sender's postal address (the
 * seller's, as on invoices) and a visible unsubscribe link, plus the RFC 8058 header lines that let a mail program
 * unsubscribe with one click.
 */
export async function listFooter(
  deps: ListFooterDeps,
  email: string,
  kind: ConsentKind,
): Promise<{ html: string; text: string; headers: Record<string, string> }> {
  const { pageUrl, headers } = await listUnsubscribe(deps.secret, deps.publicUrl, email, kind);
  const sender = [deps.seller.name ?? deps.storeName, deps.seller.address, deps.seller.country]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  const why = `You get this because ${email} subscribed to ${deps.storeName}'s ${kind === 'new-art' ? 'new-art alerts' : 'news'}.`;
  const html = `<hr style="border:none;border-top:1px solid #d9dee3;margin:24px 0 12px">
<p style="color:#5f6b76;font-size:13px">${escapeMarkup(why)}<br>${escapeMarkup(sender)}<br><a href="${escapeMarkup(pageUrl)}">Unsubscribe</a></p>`;
  const text = ['', '--', why, sender, `Unsubscribe: ${pageUrl}`].join('\n');
  return { html, text, headers };
}

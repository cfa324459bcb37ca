import { formatMoneyCents } from '../../../shared/money/money';
import { escapeMarkup } from '../../http/escaping';
import type { ConsentKind } from '../../../shared/mailing/consent-kinds';
import type { MailMessage } from '../../providers/mail/mail-provider';
import { listMessage, type ListMessageDeps } from '../mailing-list';
import { renderMarkdown } from './render-markdown';

/** An artwork as a card in the message: its picture, title, price and page. */
export interface ArtworkCard {
  id: number;
  title: string;
  priceCents: number;
  imageUrl: string | null;
}

export interface BroadcastContent {
  subject: string;
  bodyMarkdown: string;
  cards: readonly ArtworkCard[];
}

export interface RenderContext {
  publicUrl: string;
  storeName: string;
  currency: string;
}

const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

function cardHtml(ctx: RenderContext, card: ArtworkCard): string {
  const link = escapeMarkup(`${ctx.publicUrl}/artwork/${card.id}`);
  const picture = card.imageUrl
    ? `<img src="${escapeMarkup(absolute(ctx.publicUrl, card.imageUrl))}" alt="${escapeMarkup(card.title)}" width="240" style="display:block;width:240px;max-width:100%;height:auto;border-radius:4px">`
    : '';
  return `<td style="padding:8px;vertical-align:top;width:50%"><a href="${link}" style="color:#1f2933;text-decoration:none">${picture}<strong style="display:block;margin-top:6px">${escapeMarkup(card.title)}</strong><span style="color:#5f6b76">${escapeMarkup(formatMoneyCents(card.priceCents, ctx.currency))}</span></a></td>`;
}

/** The cards two to a row: a table, which every mail program lays out alike. */
function cardsHtml(ctx: RenderContext, cards: readonly ArtworkCard[]): string {
  if (cards.length === 0) return '';
  const rows: string[] = [];
  for (let i = 0; i < cards.length; i += 2) {
    rows.push(
      `<tr>${cards
        .slice(i, i + 2)
        .map((card) => cardHtml(ctx, card))
        .join('')}</tr>`,
    );
  }
  return `<table role="presentation" style="border-collapse:collapse;width:100%;max-width:560px">${rows.join('')}</table>`;
}

/** The message's body, the same for every recipient: rendered once a batch, the footer added per address. */
export function renderBody(ctx: RenderContext, content: BroadcastContent): { html: string; text: string } {
  const html = `<h1 style="font-size:20px">${escapeMarkup(ctx.storeName)}</h1>
${renderMarkdown(content.bodyMarkdown)}
${cardsHtml(ctx, content.cards)}`;
  const cardLines = content.cards.map(
    (card) => `${card.title} — ${formatMoneyCents(card.priceCents, ctx.currency)}: ${ctx.publicUrl}/artwork/${card.id}`,
  );
  const text = [content.bodyMarkdown.trim(), ...(cardLines.length ? ['', ...cardLines] : [])].join('\n');
  return { html, text };
}

/**
 * One recipient's message: the body in a document, then the mailing list's footer of their address (postal
 * address, unsubscribe link) and its List-Unsubscribe headers, built by the list's one `listMessage`.
 */
export async function broadcastMessage(
  list: ListMessageDeps,
  to: string,
  kind: ConsentKind,
  subject: string,
  body: { html: string; text: string },
): Promise<MailMessage> {
  const message = await listMessage(list, {
    email: to,
    kind,
    subject,
    text: body.text,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
${body.html}
</body></html>`,
  });
  // Sent straight through the provider, not queued: the queue's kind and ref stay behind.
  return { to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers };
}

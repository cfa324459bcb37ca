import { escapeMarkup } from '../../http/escaping';

/**
 * The footer every list message ends with: why it came, the one-click way to stop it, and the seller's postal
 * address (EU e-commerce and anti-spam rules ask a commercial message to say who sends it and where they are).
 */
export function listFooter(
  seller: { name: string | null; address: string | null },
  storeName: string,
  unsubscribeUrl: string,
): { text: string; html: string } {
  const who = [seller.name ?? storeName, seller.address].filter(Boolean).join(', ');
  const why = 'You get this e-mail because you asked to be asked for a review of what you buy.';
  return {
    text: `--\n${why}\nStop these e-mails: ${unsubscribeUrl}\n${who}`,
    html: `<hr /><p style="font-size:12px;color:#555">${escapeMarkup(why)} <a href="${escapeMarkup(unsubscribeUrl)}">Stop these e-mails</a>.<br />${escapeMarkup(who)}</p>`,
  };
}

// The mailing list's texts and fixed addresses, for the server and the pages alike.

/**
 * The RFC 8058 one-click endpoint. Mail programs POST to it from anywhere, without cookies, so the same-origin
 * guard lets exactly this path through: its signed token is the proof, not where the request comes from.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/mailing-list/unsubscribe';

/** The body RFC 8058 prescribes, form-encoded. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

export const MAILING_LIST_MESSAGES = {
  asked: 'Thank you! Check your inbox: we sent a link to confirm your subscription.',
  nothingAsked: 'Tick at least one kind of e-mail to subscribe to.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  invalidConfirmLink: 'This confirmation link is not valid or was already used.',
  unsubscribed: 'You are unsubscribed. You will not get these e-mails any more.',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid. Use the link from the e-mail itself.',
  noSellerAddress:
    'List mail needs the seller’s postal address in every message: set SELLER_NAME and SELLER_ADDRESS first.',
} as const;

/** CSV import columns: an address, its kinds (separated by spaces or semicolons), when and how it was agreed to. */
export const IMPORT_COLUMNS = ['email', 'kinds', 'consented_at', 'evidence'] as const;

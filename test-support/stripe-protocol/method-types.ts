// The payment method types the loopback account knows beyond cards.

/** Methods whose bank's page the buyer goes to: the intent waits (requires_action) until finishRedirect. */
export const REDIRECT_TYPES: readonly string[] = ['ideal', 'bancontact', 'eps', 'klarna'];
/** The types an intent with automatic_payment_methods takes here: as if the seller had turned these on. */
export const AUTOMATIC_TYPES: readonly string[] = ['card', 'link', 'sepa_debit', ...REDIRECT_TYPES];

// The kinds of mail a person can agree to, each on its own (GDPR: consent is specific). Nothing of a kind is sent
// to an address without a confirmed consent of that kind; receipts, downloads and account mail need none.

export const CONSENT_KINDS = ['news', 'new-art', 'cart-reminders', 'review-requests'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The words a person agrees to, shown beside each box and kept with the consent: what they said yes to is part
 * of the evidence. Change a wording and new consents keep the new words; old ones keep theirs.
 */
export const CONSENT_WORDING: Record<ConsentKind, string> = {
  news: 'E-mail me the shop’s news and occasional offers.',
  'new-art': 'E-mail me when new artworks are published (at most once a week).',
  'cart-reminders': 'Remind me once if I leave artworks in my cart.',
  'review-requests': 'Ask me to review what I bought, once, two weeks after buying.',
};

/** Where a consent was given. */
export const CONSENT_SOURCES = ['sign-up', 'checkout', 'footer', 'account', 'import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** pending: asked, the confirming e-mail not yet followed (double opt-in); withdrawn: unsubscribed. */
export type ConsentStatus = 'pending' | 'confirmed' | 'withdrawn';

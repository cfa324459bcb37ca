// Reviews from verified buyers: their limits, the words the shop shows about them, and how a reviewer's name and an
// average are written. Zod-free, so the browser uses it as it is.

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** How the buyer's name is shown under their review: their first name, or only their initials. */
export const NAME_CHOICES = ['first-name', 'initials'] as const;
export type NameChoice = (typeof NAME_CHOICES)[number];

export const REVIEW_LIMITS = { title: 80, text: 2000, name: 60, answer: 1000, hiddenReason: 200 } as const;

/** Shown in place of a reviewer's name once they deleted their account: the review stays, the person does not. */
export const FORMER_CUSTOMER = 'Former customer';

/** Days after the payment that the one review request goes out (with the buyer's consent). */
export const REVIEW_REQUEST_DELAY_DAYS = 14;

export const REVIEW_MESSAGES = {
  signInOrLink: 'Sign in, or open the link of your order, to review an artwork you bought.',
  notBought: 'Only buyers who paid for this artwork can review it.',
  refunded: 'This order was refunded or disputed, so it cannot be used to review the artwork.',
  noReview: 'You have not reviewed this artwork yet: send the review first, then its photo.',
  saved: 'Thank you: your review is saved and shows once the shop has checked it.',
} as const;

/**
 * How reviews are checked, shown beside them (EU consumer law asks a shop to say whether and how it makes sure
 * reviews come from people who bought the product). `hidden`: how many the owner hid.
 */
export function reviewCheckingText(hidden: number): string {
  const hiddenText =
    hidden === 0
      ? 'No review has been hidden.'
      : `${hidden} ${hidden === 1 ? 'review was' : 'reviews were'} hidden because they broke the review rules (off-topic, offensive or personal data); a review is never hidden for being negative.`;
  return `Only buyers who paid for this artwork can review it: the shop checks each review against a paid order that was not refunded. The shop approves reviews before they show. ${hiddenText}`;
}

/** The name shown under a review, from what the buyer typed and chose: "Ada", or "A. L.". */
export function shownName(name: string, choice: NameChoice): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A buyer';
  if (choice === 'first-name') return words[0]!;
  return words.map((word) => `${[...word][0]!.toUpperCase()}.`).join(' ');
}

/** The accessible text of stars: "4.5 out of 5, 12 reviews". */
export function ratingText(rating: { average: number; count: number }): string {
  return `${rating.average} out of 5, ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}

/** An average to one decimal, as the cards and the page show it. */
export const roundedAverage = (sum: number, count: number): number => Math.round((sum / count) * 10) / 10;

/**
 * The spec contradicts itself on the licence (personal non-commercial vs "commercial license included") and on
 * refunds (30-day money-back vs "all sales final"). Both are one store setting each; every page reads them.
 */
export const LICENSES = {
  personal: {
    label: 'Personal, non-commercial licence',
    short: 'Non-Commercial',
    summary: 'Print and display the artwork in your home or as a gift; no selling, reselling or commercial use.',
    allowed: [
      'Print the artwork as many times as you like, at any size, for your own home or office',
      'Give a printed copy as a personal gift',
      'Have it printed by a print shop or online printing service for your own use',
    ],
    notAllowed: [
      'Selling or giving away the digital files, or prints of them',
      'Using the artwork in products, merchandise, advertising or anything you sell',
      'Sharing the files online or claiming the artwork as your own',
    ],
  },
  commercial: {
    label: 'Commercial licence',
    short: 'Commercial',
    summary:
      'Use the artwork in your home and in your business, including products you sell, within the licence terms.',
    allowed: [
      'Print the artwork as many times as you like, at any size, for your home or business',
      'Display prints in a business: shops, offices, cafés, rentals',
      'Use the artwork in products you sell, up to 500 physical units',
    ],
    notAllowed: [
      'Selling or giving away the digital files themselves',
      'Reselling the artwork as a print-on-demand design or a digital download',
      'Claiming the artwork as your own',
    ],
  },
} as const;

/**
 * What a page about the whole store says of licences. Each artwork offers its own (STORE_LICENSE only picks what a
 * new one offers), so no store-wide page names one licence as the licence of every artwork.
 */
export const LICENCE_OVERVIEW = {
  label: 'A Personal or Commercial licence',
  summary:
    'Each artwork page shows the licenses it is sold under: Personal (home decoration and gifts) and, where offered, Commercial (client work and print-on-demand products). Your order and your license certificate name the license of each artwork; no license lets you resell or share the files.',
} as const;

export const REFUND_POLICIES = {
  'final-sale': {
    label: 'All sales final',
    short: 'All sales are final',
    summary:
      'Digital files cannot be returned, so all sales are final. If a file is faulty or not as described, contact us within 30 days of purchase and we will replace it or refund you.',
  },
  '30-day': {
    label: '30-day money-back guarantee',
    short: '30-day money-back guarantee',
    summary: 'Not happy? Contact us within 30 days of purchase for a full refund, no questions asked.',
  },
} as const;

export type LicenseId = keyof typeof LICENSES;
export type RefundPolicyId = keyof typeof REFUND_POLICIES;
export const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];
export const REFUND_POLICY_IDS = Object.keys(REFUND_POLICIES) as [RefundPolicyId, ...RefundPolicyId[]];

/**
 * How long and how often a buyer can download, in one sentence every policy text uses: 'lifetime access' and the
 * owner's limit, if any, say the same everywhere. A download link itself lives minutes, but a fresh one is a click
 * away for life, so no page promises links 'valid for 30 days'.
 */
export function downloadPolicy(settings: { downloadLimit: number | null }): string {
  return settings.downloadLimit === null
    ? 'Your purchases stay in your account for life: download them again at any time.'
    : `Your purchases stay in your account for life: download each artwork up to ${settings.downloadLimit} times.`;
}

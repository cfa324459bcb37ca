import { LICENSES, type LicenseId } from '../store/store-settings';

// The two licence tiers an artwork can be sold under, and the store-wide setting that says which a new artwork
// offers. Each artwork (and each order line) names its own tier, so every page tells the truth for that artwork.

export const LICENCE_TIERS = ['personal', 'commercial'] as const;
export type LicenceTier = (typeof LICENCE_TIERS)[number];

/** STORE_LICENSE: which tiers a new artwork offers until the owner says otherwise. */
export const STORE_LICENCE_DEFAULTS = ['personal', 'commercial', 'both'] as const;
export type StoreLicenceDefault = (typeof STORE_LICENCE_DEFAULTS)[number];

export function tiersOfStoreDefault(setting: StoreLicenceDefault): { personal: boolean; commercial: boolean } {
  return { personal: setting !== 'commercial', commercial: setting !== 'personal' };
}

/** A licence's name as pages, receipts and certificates print it. */
export function licenceLabel(tier: LicenceTier): string {
  return LICENSES[tier satisfies LicenseId].label;
}

export function licenceShortLabel(tier: LicenceTier): string {
  return tier === 'personal' ? 'Personal' : 'Commercial';
}

/** The prices (in the store's currency) of the tiers an artwork offers; null: that tier is not offered. */
export interface LicencePrices {
  personal: number | null;
  commercial: number | null;
}

/** The tier a page selects first: Personal when offered, as it is the cheaper and the usual one. */
export function firstOfferedTier(prices: LicencePrices): LicenceTier {
  return prices.personal !== null || prices.commercial === null ? 'personal' : 'commercial';
}

/** The wording of one tier's terms as the owner writes it; each save is a new version. */
export interface LicenceTermsText {
  summary: string;
  allowed: string[];
  notAllowed: string[];
}

/**
 * What the store ships before the owner writes their own terms (version 1 of each), in plain language: personal
 * is home decoration and gifts, commercial adds client work and print-on-demand products; neither lets anyone
 * resell or share the files.
 */
export const DEFAULT_LICENCE_TERMS: Record<LicenceTier, LicenceTermsText> = {
  personal: {
    summary: LICENSES.personal.summary,
    allowed: [...LICENSES.personal.allowed],
    notAllowed: [...LICENSES.personal.notAllowed],
  },
  commercial: {
    summary:
      'Use the artwork in your home, in your business, in work for your clients and in products you sell, within these terms.',
    allowed: [
      'Print the artwork as many times as you like, at any size, for your home or business',
      'Use it in work you make for clients: interiors, branding, editorial and marketing material',
      'Sell physical products printed with it, print-on-demand included (posters, cards, mugs, textiles), up to 500 units',
    ],
    notAllowed: [
      'Reselling, sharing or giving away the digital files themselves, or offering them as a download or template',
      'Offering the artwork as a design others can order or customise without your product around it',
      'Claiming the artwork as your own or registering it as a trademark',
    ],
  },
};

export const LICENCE_TERMS_LIMITS = { summary: 500, line: 300, lines: 12 } as const;

import type { Kysely } from 'kysely';
import { LICENCE_TIERS, licenceLabel, type LicenceTier } from '#shared/licences/licences.ts';
import type { LicenceTerms, LicenceTermsUpdate } from '#shared/licences/licence-schema.ts';
import type { Database } from '../../db/schema';
import { currentTerms, insertTermsVersion, type StoredTerms } from './terms-repository';

export const toLicenceTerms = (terms: StoredTerms): LicenceTerms => ({
  licence: terms.licence,
  label: licenceLabel(terms.licence),
  version: terms.version,
  summary: terms.summary,
  allowed: terms.allowed,
  notAllowed: terms.notAllowed,
  savedAt: terms.savedAt,
});

/** Both tiers' current terms, Personal first: the licence terms page and the owner's editor show them. */
export async function listCurrentTerms(db: Kysely<Database>): Promise<LicenceTerms[]> {
  const current = await currentTerms(db);
  return LICENCE_TIERS.map((tier) => toLicenceTerms(current[tier]));
}

/** The owner's save: always a new version, so lines sold under the old one keep naming the words they were sold under. */
export async function saveTerms(
  db: Kysely<Database>,
  licence: LicenceTier,
  text: LicenceTermsUpdate,
): Promise<LicenceTerms> {
  return toLicenceTerms(await insertTermsVersion(db, licence, text));
}

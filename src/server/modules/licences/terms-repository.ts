import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_LICENCE_TERMS,
  LICENCE_TIERS,
  type LicenceTermsText,
  type LicenceTier,
} from '#shared/licences/licences.ts';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredTerms extends LicenceTermsText {
  licence: LicenceTier;
  version: number;
  savedAt: string;
}

function parseList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const toStored = (row: {
  licence: LicenceTier;
  version: number;
  summary: string;
  allowed: string;
  not_allowed: string;
  created_at: Date | string;
}): StoredTerms => ({
  licence: row.licence,
  version: row.version,
  summary: row.summary,
  allowed: parseList(row.allowed),
  notAllowed: parseList(row.not_allowed),
  savedAt: new Date(row.created_at).toISOString(),
});

/**
 * Version 1 of each tier, the texts the store ships, written the first time terms are asked for: insert-if-absent,
 * so instances starting together agree, and an owner's later versions are never touched.
 */
async function ensureDefaultTerms(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('licence_terms')
    .values(
      LICENCE_TIERS.map((licence) => ({
        licence,
        version: 1,
        summary: DEFAULT_LICENCE_TERMS[licence].summary,
        allowed: JSON.stringify(DEFAULT_LICENCE_TERMS[licence].allowed),
        not_allowed: JSON.stringify(DEFAULT_LICENCE_TERMS[licence].notAllowed),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['licence', 'version']).doNothing())
    .execute();
}

/** The newest version of each tier's terms. */
export async function currentTerms(db: Db): Promise<Record<LicenceTier, StoredTerms>> {
  const read = () =>
    db
      .selectFrom('licence_terms as t')
      .selectAll()
      .where('t.version', '=', (eb) =>
        eb
          .selectFrom('licence_terms as newest')
          .select((e) => e.fn.max('newest.version').as('v'))
          .whereRef('newest.licence', '=', 't.licence'),
      )
      .execute();
  let rows = await read();
  if (rows.length < LICENCE_TIERS.length) {
    await ensureDefaultTerms(db);
    rows = await read();
  }
  const byTier = new Map(rows.map((row) => [row.licence, toStored(row)]));
  return { personal: byTier.get('personal')!, commercial: byTier.get('commercial')! };
}

export async function findTermsVersion(
  db: Db,
  licence: LicenceTier,
  version: number,
): Promise<StoredTerms | undefined> {
  const row = await db
    .selectFrom('licence_terms')
    .selectAll()
    .where('licence', '=', licence)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** A new version after the newest; two saves at once both succeed, one after the other (the unique key decides). */
export async function insertTermsVersion(
  db: Kysely<Database>,
  licence: LicenceTier,
  text: LicenceTermsText,
): Promise<StoredTerms> {
  const current = await currentTerms(db);
  for (let attempt = 0; ; attempt += 1) {
    const newest = await db
      .selectFrom('licence_terms')
      .select((e) => e.fn.max('version').as('v'))
      .where('licence', '=', licence)
      .executeTakeFirst();
    const version = Number(newest?.v ?? current[licence].version) + 1;
    const inserted = await db
      .insertInto('licence_terms')
      .values({
        licence,
        version,
        summary: text.summary,
        allowed: JSON.stringify(text.allowed),
        not_allowed: JSON.stringify(text.notAllowed),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['licence', 'version']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return toStored(inserted);
    if (attempt >= 5) throw new Error('could not save a new version of the licence terms');
  }
}

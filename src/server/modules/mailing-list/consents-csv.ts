// The owner's list in and out as CSV (csv-parse and csv-stringify, as the catalogue's import and export).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CONSENT_KINDS, type ConsentKind } from '../../../shared/mailing/consent-kinds';
import { emailSchema } from '../../../shared/accounts/auth-schema';
import type { ImportAnswer } from '../../../shared/mailing/mailing-list-schema';
import type { Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findConsents, importConsent, isWithdrawn } from './consents-repository';

const EXPORT_PAGE = 1_000;
const asIso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/**
 * Every consent with its evidence, one row per address and kind, in id order, read a page at a time. The
 * columns are the import's (email, kinds, consented_at, evidence) and then the rest, so an export imports back.
 */
export async function consentsCsv(db: Kysely<Database>): Promise<string> {
  const rows: string[][] = [
    [
      'email',
      'kinds',
      'consented_at',
      'evidence',
      'status',
      'source',
      'wording',
      'confirmed_at',
      'withdrawn_at',
      'suppressed',
    ],
  ];
  let afterId = 0;
  for (;;) {
    const page = await findConsents(db, { afterId, limit: EXPORT_PAGE });
    for (const row of page) {
      rows.push([
        row.email,
        row.kind,
        asIso(row.consented_at),
        row.evidence ?? '',
        row.status,
        row.source,
        row.wording,
        asIso(row.confirmed_at),
        asIso(row.withdrawn_at),
        row.suppressed ? 'yes' : 'no',
      ]);
    }
    if (page.length < EXPORT_PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  return stringify(rows);
}

const MIN_EVIDENCE_CHARS = 3;

/** Why a row cannot be imported, or what it imports. */
function readRow(
  record: Record<string, string>,
): { reason: string } | { email: string; kinds: ConsentKind[]; consentedAt: Date; evidence: string } {
  const email = emailSchema.safeParse(record.email ?? '');
  if (!email.success) return { reason: 'The e-mail address is not valid.' };
  const named = (record.kinds ?? record.kind ?? '')
    .split(/[\s;,|]+/)
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = named.filter((kind) => !(CONSENT_KINDS as readonly string[]).includes(kind));
  if (named.length === 0 || unknown.length > 0)
    return {
      reason: `Kinds must be some of ${CONSENT_KINDS.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}.`,
    };
  const at = z.coerce.date().safeParse(record.consented_at ?? '');
  if (!record.consented_at?.trim() || !at.success || at.data.getTime() > Date.now())
    return { reason: 'No consent date (consented_at), or one in the future: no evidence of consent.' };
  const evidence = (record.evidence ?? record.source ?? '').trim();
  if (evidence.length < MIN_EVIDENCE_CHARS)
    return { reason: 'No evidence of consent (how and where it was given): not imported, never mailed.' };
  return { email: email.data, kinds: named as ConsentKind[], consentedAt: at.data, evidence: evidence.slice(0, 1000) };
}

/**
 * Imports a list the seller gathered elsewhere. A row is imported only with its evidence: a valid address, known
 * kinds, the date consent was given and how (the evidence text). Such consents are confirmed, source `import`;
 * every other row is reported back with its line and reason and nothing of it is kept.
 */
export async function importConsentsCsv(db: Kysely<Database>, csv: string): Promise<ImportAnswer> {
  let records: Array<Record<string, string>>;
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    throw new InvalidInputError(`The CSV could not be read: ${error instanceof Error ? error.message : 'unknown'}`, {
      csv: ['The CSV could not be read.'],
    });
  }
  if (records.length > 0 && !('email' in records[0]!))
    throw new InvalidInputError('The CSV needs a header row naming at least: email, kinds, consented_at, evidence.', {
      csv: ['The header row has no email column.'],
    });
  const now = new Date();
  const rejected: ImportAnswer['rejected'] = [];
  let imported = 0;
  await db.transaction().execute(async (trx) => {
    for (const [index, record] of records.entries()) {
      const line = index + 2; // the header is line 1
      const row = readRow(record);
      if ('reason' in row) {
        rejected.push({ line, email: (record.email ?? '').slice(0, 320), reason: row.reason });
        continue;
      }
      const leftWithdrawn: string[] = [];
      for (const kind of row.kinds) {
        const consent = { email: row.email, kind, consentedAt: row.consentedAt, evidence: row.evidence };
        if (await importConsent(trx, consent, now)) imported += 1;
        else if (await isWithdrawn(trx, row.email, kind)) leftWithdrawn.push(kind);
      }
      // Told, so the owner knows the old list was not taken whole.
      if (leftWithdrawn.length > 0)
        rejected.push({
          line,
          email: row.email,
          reason: `Unsubscribed here before from ${leftWithdrawn.join(', ')}: left unsubscribed.`,
        });
    }
  });
  return { imported, rejected };
}

import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from './dialect';
import * as createArtworks from './migrations/2026-11-21-0001-create-artworks';
import * as createUsersAndMeta from './migrations/2026-11-21-0002-create-users-and-meta';
import * as createAuthTables from './migrations/2026-11-21-0003-create-auth-tables';
import * as uploadsAndPrivateFiles from './migrations/2026-11-21-0004-uploads-and-private-files';
import * as ordersAndPayments from './migrations/2026-11-21-0005-orders-and-payments';
import * as downloadsRefundsHistory from './migrations/2026-11-21-0006-downloads-refunds-history';
import * as catalogueCountsAndIndexes from './migrations/2026-11-21-0007-catalogue-counts-and-indexes';
import * as mailQueue from './migrations/2026-11-21-0008-mail-queue';
import * as storedFileCleanup from './migrations/2026-11-22-0009-stored-file-cleanup';
import * as printPacks from './migrations/2026-11-26-0010-print-packs';
import * as discounts from './migrations/2026-11-26-0011-discounts';
import * as licenceTiers from './migrations/2026-11-26-0012-licence-tiers';
import * as taxesAndInvoices from './migrations/2026-11-26-0013-taxes-and-invoices';
import * as taxReportRates from './migrations/2026-11-26-0014-tax-report-rates';
import * as artworkPalettes from './migrations/2026-11-26-0015-artwork-palettes';
import * as artworkFacets from './migrations/2026-11-26-0016-artwork-facets';
import * as roomMockups from './migrations/2026-11-26-0017-room-mockups';
import * as searchFacetCodes from './migrations/2026-11-26-0018-search-facet-codes';
import * as eventOutbox from './migrations/2026-11-28-0019-event-outbox';
import * as discountOverspends from './migrations/2026-11-28-0020-discount-overspends';
import * as artworkLowestPrice from './migrations/2026-11-28-0021-artwork-lowest-price';
import * as guestOrders from './migrations/2026-11-28-0022-guest-orders';
import * as payWhatYouWant from './migrations/2026-11-28-0023-pay-what-you-want';
import * as paymentMethodOnOrders from './migrations/2026-11-28-0024-payment-method-on-orders';
import * as artworkRelease from './migrations/2026-11-28-0025-artwork-release';
import * as catalogueImports from './migrations/2026-11-28-0028-catalogue-imports';
import * as ownerFunnel from './migrations/2026-11-28-0027-owner-funnel';
import * as bulkUploads from './migrations/2026-11-28-0029-bulk-uploads';
import * as publishedOnly from './migrations/2026-11-28-0026-published-only';
import * as artworkSets from './migrations/2026-11-29-0030-artwork-sets';
import * as licenceUpgrades from './migrations/2026-11-29-0031-licence-upgrades';
import * as lineRefunds from './migrations/2026-11-29-0032-line-refunds';
import * as setCovers from './migrations/2026-11-29-0033-set-covers';
import * as mailConsents from './migrations/2026-11-29-0034-mail-consents';
import * as accountChanges from './migrations/2026-11-29-0035-account-changes';
import * as mailGivenUp from './migrations/2026-11-29-0036-mail-given-up';
import * as broadcasts from './migrations/2026-11-29-0037-broadcasts';
import * as buyerCarts from './migrations/2026-11-29-0038-buyer-carts';
import * as reviews from './migrations/2026-11-29-0039-reviews';
import * as searchTextWithoutPendingList from './migrations/2026-11-29-0040-search-text-without-pending-list';

// Listed here rather than read from the folder, so the same code runs from source (tsx) and from a bundle.
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-create-artworks': createArtworks,
  '2026-11-21-0002-create-users-and-meta': createUsersAndMeta,
  '2026-11-21-0003-create-auth-tables': createAuthTables,
  '2026-11-21-0004-uploads-and-private-files': uploadsAndPrivateFiles,
  '2026-11-21-0005-orders-and-payments': ordersAndPayments,
  '2026-11-21-0006-downloads-refunds-history': downloadsRefundsHistory,
  '2026-11-21-0007-catalogue-counts-and-indexes': catalogueCountsAndIndexes,
  '2026-11-21-0008-mail-queue': mailQueue,
  '2026-11-22-0009-stored-file-cleanup': storedFileCleanup,
  '2026-11-26-0010-print-packs': printPacks,
  '2026-11-26-0011-discounts': discounts,
  '2026-11-26-0012-licence-tiers': licenceTiers,
  '2026-11-26-0013-taxes-and-invoices': taxesAndInvoices,
  '2026-11-26-0014-tax-report-rates': taxReportRates,
  '2026-11-26-0015-artwork-palettes': artworkPalettes,
  '2026-11-26-0016-artwork-facets': artworkFacets,
  '2026-11-26-0017-room-mockups': roomMockups,
  '2026-11-26-0018-search-facet-codes': searchFacetCodes,
  '2026-11-28-0019-event-outbox': eventOutbox,
  '2026-11-28-0020-discount-overspends': discountOverspends,
  '2026-11-28-0021-artwork-lowest-price': artworkLowestPrice,
  '2026-11-28-0022-guest-orders': guestOrders,
  '2026-11-28-0023-pay-what-you-want': payWhatYouWant,
  '2026-11-28-0024-payment-method-on-orders': paymentMethodOnOrders,
  '2026-11-28-0025-artwork-release': artworkRelease,
  '2026-11-28-0028-catalogue-imports': catalogueImports,
  '2026-11-28-0027-owner-funnel': ownerFunnel,
  '2026-11-28-0029-bulk-uploads': bulkUploads,
  '2026-11-28-0026-published-only': publishedOnly,
  '2026-11-29-0030-artwork-sets': artworkSets,
  '2026-11-29-0031-licence-upgrades': licenceUpgrades,
  '2026-11-29-0032-line-refunds': lineRefunds,
  '2026-11-29-0033-set-covers': setCovers,
  '2026-11-29-0034-mail-consents': mailConsents,
  '2026-11-29-0035-account-changes': accountChanges,
  '2026-11-29-0036-mail-given-up': mailGivenUp,
  '2026-11-29-0037-broadcasts': broadcasts,
  '2026-11-29-0038-buyer-carts': buyerCarts,
  '2026-11-29-0039-reviews': reviews,
  '2026-11-29-0040-search-text-without-pending-list': searchTextWithoutPendingList,
};

/** How long an instance waits for another one's migrations on SQLite before giving up (a data migration may be long). */
const SQLITE_LOCK_WAIT_MS = 10 * 60_000;
const SQLITE_LOCK_RETRY_MS = 25;

/**
 * Brings the schema up to date. Safe when several instances start at once on one database:
 * - PostgreSQL: Kysely's Migrator holds a session advisory lock (`pg_advisory_lock`) while it reads which
 *   migrations ran and runs the rest in one transaction, so a second instance waits, then finds nothing to do. The
 *   bookkeeping tables it makes before taking the lock are made with `if not exists`, and a collision there is
 *   checked and ignored by Kysely.
 * - SQLite: Kysely takes no lock (it assumes one connection), so two processes on one file both ran the first
 *   migration and one failed. The whole run is therefore one `begin immediate` transaction: the second instance
 *   waits for the write lock, then finds nothing to do; a failed migration leaves no half-made schema.
 *
 * `schema` (PostgreSQL only) keeps Kysely's own bookkeeping tables in that schema: without it Kysely looks for
 * them in every schema it can see, and mistakes another schema's for its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped, as it was, not as it is now
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<string[]> {
  if (engineOf(db) === 'sqlite') return withSqliteWriteLock(db, () => runMigrations(db, options));
  return runMigrations(db, options);
}

/** Every migration's name, oldest first: a store archive names the last one its rows were written at. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * Brings the schema to exactly the migration `name` (up, or down on an empty store): an imported archive's rows go
 * into the schema they were read from, then the later migrations carry them forward as they carry any store.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function migrateTo(db: Kysely<any>, name: string, options: { schema?: string } = {}): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`Unknown migration: ${name}`);
  const run = () => runMigrations(db, options, name);
  return engineOf(db) === 'sqlite' ? withSqliteWriteLock(db, run) : run();
}

/** PostgreSQL's "schema does not exist" (invalid_schema_name). */
const SCHEMA_GONE = '3F000';
const SCHEMA_GONE_RETRIES = 3;

/**
 * Kysely's Migrator first looks for its tables by reading every schema of the database and asking
 * `has_schema_privilege` of each by name: a schema another client drops between the two steps (on a shared
 * database, or tests dropping theirs beside it) fails that read with "schema … does not exist". Nothing has been
 * written then (the lock and the migrations come after), so the run is simply tried again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function runMigrations(db: Kysely<any>, options: { schema?: string }, target?: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runMigrationsOnce(db, options, target);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== SCHEMA_GONE || attempt >= SCHEMA_GONE_RETRIES) throw error;
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function runMigrationsOnce(db: Kysely<any>, options: { schema?: string }, target?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs `work` inside `begin immediate` on the app's one SQLite connection (nothing else uses it at start, so
 * every statement of the Migrator lands in this transaction). The lock is asked for with SQLite's busy wait off
 * and retried here instead: better-sqlite3 waits synchronously, which would freeze this process, and with it any
 * other connection in it that holds the lock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function withSqliteWriteLock<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  // A migration that makes a table again (SQLite changes a column's constraints no other way) drops the old one,
  // which with foreign keys on would delete the rows referring to it: they are off for the run (a pragma that only
  // takes effect outside a transaction), and checked before the commit.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await inSqliteWriteLock(db, async () => {
      const result = await work();
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error(`migration left rows whose references are gone: ${JSON.stringify(rows)}`);
      return result;
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function inSqliteWriteLock<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
  const busyTimeout = Number(rows[0]?.timeout ?? 0);
  await sql`pragma busy_timeout = 0`.execute(db);
  try {
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
    for (;;) {
      try {
        await sql`begin immediate`.execute(db);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, SQLITE_LOCK_RETRY_MS));
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${busyTimeout}`).execute(db);
  }
  try {
    const result = await work();
    await sql`commit`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  }
}

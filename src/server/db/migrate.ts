import { Migrator, type Kysely, type Migration } from 'kysely';
import * as createArtworks from './migrations/2026-11-21-0001-create-artworks';
import * as createUsersAndMeta from './migrations/2026-11-21-0002-create-users-and-meta';
import * as createAuthTables from './migrations/2026-11-21-0003-create-auth-tables';
import * as uploadsAndPrivateFiles from './migrations/2026-11-21-0004-uploads-and-private-files';
import * as ordersAndPayments from './migrations/2026-11-21-0005-orders-and-payments';
import * as downloadsRefundsHistory from './migrations/2026-11-21-0006-downloads-refunds-history';
import * as catalogueCountsAndIndexes from './migrations/2026-11-21-0007-catalogue-counts-and-indexes';

// Listed here rather than read from the folder, so the same code runs from source (tsx) and from a bundle.
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-create-artworks': createArtworks,
  '2026-11-21-0002-create-users-and-meta': createUsersAndMeta,
  '2026-11-21-0003-create-auth-tables': createAuthTables,
  '2026-11-21-0004-uploads-and-private-files': uploadsAndPrivateFiles,
  '2026-11-21-0005-orders-and-payments': ordersAndPayments,
  '2026-11-21-0006-downloads-refunds-history': downloadsRefundsHistory,
  '2026-11-21-0007-catalogue-counts-and-indexes': catalogueCountsAndIndexes,
};

/**
 * `schema` (PostgreSQL only) keeps Kysely's own bookkeeping tables in that schema: without it Kysely looks for
 * them in every schema it can see, and mistakes another schema's for its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database untyped, as it was, not as it is now
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

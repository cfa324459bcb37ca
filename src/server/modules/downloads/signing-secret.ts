import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SecretSource } from '../../providers/storage/signed-local-link';

const META_KEY = 'download-signing-secret';

/**
 * The key that signs local download links. Every instance must use the same one (a link made by one is served by
 * another), so it is DOWNLOAD_SIGNING_SECRET when set, else one made once for this installation and kept in the
 * database: the first instance to ask writes it, the others find it (insert-if-absent, then read). It is read when
 * first needed and kept, since the database is only migrated after the app is built.
 */
export function downloadSigningSecret(db: Kysely<Database>, configured: string | undefined): SecretSource {
  if (configured) {
    const secret = Buffer.from(configured, 'utf8');
    return async () => secret;
  }
  let loading: Promise<Buffer> | undefined;
  return () => {
    loading ??= loadOrCreate(db).catch((error: unknown) => {
      // A failed read (database not reachable yet) is tried again on the next link, not remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

async function loadOrCreate(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('app_meta')
    .values({ key: META_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', META_KEY).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'utf8');
}

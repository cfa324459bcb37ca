import path from 'node:path';
import { createDatabase } from '../../src/server/db/database';

/**
 * A discount code for a percentage off everything, written into the browser tests' store as the owner's page would
 * store it; a code there already is left as it is (a store seeded with the demo has its own).
 */
export async function addPercentCode(dataDir: string, code: { code: string; name: string; percentOff: number }) {
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  try {
    const now = new Date().toISOString();
    await db
      .insertInto('discounts')
      .values({
        kind: 'code',
        code: code.code,
        name: code.name,
        percent_off: code.percentOff,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  } finally {
    await db.destroy();
  }
}

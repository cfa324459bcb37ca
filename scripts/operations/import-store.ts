// `npm run import-store -- <archive.zip>`: loads a whole-store archive (the owner's export) into an empty store,
// the one the environment names (DATABASE_URL or SQLite in DATA_DIR; S3_BUCKET or DATA_DIR's folders), as the
// store itself reads it. The work is src/server/operations/store-archive/load-archive.ts; see decision 0062.
import fs from 'node:fs';
import path from 'node:path';
import { createAppStorages } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { ImportRefused, loadStoreArchive } from '../../src/server/operations/store-archive/load-archive';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]?.startsWith('-')) {
    console.error(
      'Usage: npm run import-store -- <archive.zip>   (into the empty store DATABASE_URL or DATA_DIR names)',
    );
    process.exit(1);
  }
  const archive = path.resolve(args[0] as string);
  if (!fs.existsSync(archive)) throw new ImportRefused(`No such file: ${archive}`);
  const config = loadConfig(process.env);
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'store.sqlite') });
  try {
    const storages = createAppStorages(config, db);
    const manifest = await loadStoreArchive(archive, {
      db,
      stores: { public: storages.publicStore, private: storages.privateStore },
      say: (line) => console.log(`  ${line}`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const files = manifest.files.public.count + manifest.files.private.count;
    console.log(`Imported the store exported at ${manifest.exportedAt}: ${rows} rows, ${files} files.`);
    console.log('Start the store on it as usual. Buyers sign in with their passwords; sessions start afresh.');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ImportRefused ? `Import refused: ${error.message}` : error);
  process.exit(1);
});

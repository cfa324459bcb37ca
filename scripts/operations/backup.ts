// `npm run backup [-- <folder>]`: a consistent copy of the running store (SQLite database and stored files) into a
// dated folder. The work is src/server/operations/backup.ts; see Backups in README.md.
import { BackupRefused, backupSettings, backupStore } from '../../src/server/operations/backup';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('Usage: npm run backup [-- <folder>]   (default: BACKUP_DIR, else "backups" beside DATA_DIR)');
    process.exit(1);
  }
  const settings = backupSettings(process.env, args[0]);
  const { folder, manifest } = await backupStore(settings);
  const { counts, files } = manifest;
  console.log(`Backed up ${settings.dataDir} to ${folder}`);
  console.log(
    `  database as of ${manifest.database.copiedAt} (${manifest.database.migration ?? 'not migrated'}): ${counts.artworks} artworks, ${counts.users} accounts, ${counts.orders} orders (${counts.paidOrders} paid)`,
  );
  console.log(
    `  files: ${files.files.count} public, ${files.private.count} private (${files.files.bytes + files.private.bytes} bytes)`,
  );
  if (manifest.missingFiles.length > 0) {
    // The backup is still made: it holds everything there was. The store itself had already lost these.
    console.warn(
      `  warning: ${manifest.missingFiles.length} files the database names were not in DATA_DIR: ${manifest.missingFiles.slice(0, 10).join(', ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefused ? `Backup refused: ${error.message}` : error);
  process.exit(1);
});

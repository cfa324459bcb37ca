// `npm run restore -- <backup> [--force]`: puts a backup made by `npm run backup` back as DATA_DIR. The work is
// src/server/operations/restore.ts; see Backups in README.md.
import { BackupRefused, backupSettings } from '../../src/server/operations/backup';
import { RestoreRefused, restoreStore } from '../../src/server/operations/restore';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    console.error('Usage: npm run restore -- <backup folder> [--force]   (restores into DATA_DIR, default ./data)');
    process.exit(1);
  }
  // Refuses, as the backup does, a store whose database or files live elsewhere: this copy would not be used.
  const { dataDir } = backupSettings(process.env);
  const { manifest, previous } = await restoreStore({ backup: rest[0] as string, dataDir, force });
  console.log(`Restored the backup of ${manifest.database.copiedAt} into ${dataDir}`);
  console.log(
    `  ${manifest.counts.artworks} artworks, ${manifest.counts.users} accounts, ${manifest.counts.orders} orders, ${manifest.files.files.count + manifest.files.private.count} files`,
  );
  if (previous) console.log(`  the store that was there is kept in ${previous}`);
  console.log('Start the store on it as usual; it applies any newer migrations at start.');
}

main().catch((error: unknown) => {
  console.error(
    error instanceof RestoreRefused || error instanceof BackupRefused ? `Restore refused: ${error.message}` : error,
  );
  process.exit(1);
});

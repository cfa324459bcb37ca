// The store's app in a process of its own for bench:master-upload: a fresh SQLite database and data folder, the
// owner signed in, listening on a free port. It prints `{ port, cookie }` as one JSON line once it answers, so the
// parent can measure this process's memory alone while it takes an upload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { signedInCookie } from '#test-support/owner-session.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-master-upload-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.db') });
await migrateToLatest(db);
const app = await buildApp({ config, db, clientDir: path.join(dataDir, 'no-client'), logger: false });
const cookie = await signedInCookie(app, db, 'owner@example.com', 'admin');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, cookie, dataDir })}\n`);

async function stop() {
  await app.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());

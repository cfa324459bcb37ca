// The store's app in a process of its own for bench:master-upload: a fresh SQLite database and data folder, the
// owner signed in, listening on a free port. It prints `{ port, cookie }` as one JSON line once it answers, so the
// parent can measure this process's memory alone while it takes an upload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openStore } from '#server/open-store.ts';
import { signedInCookie } from '#test-support/owner-session.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-master-upload-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
const { app, db, close } = await openStore(config, { clientDir: path.join(dataDir, 'no-client'), logger: false });
const cookie = await signedInCookie(app, db, 'owner@example.com', 'admin');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, cookie, dataDir })}\n`);

async function stop() {
  await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());

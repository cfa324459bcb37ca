import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgresBenchDatabase } from '../../shared/bench-database';
import { fillCatalog } from '../../shared/fill-catalog';
import { measureScenario } from '../measure';
import { scenariosFor } from '../scenarios';
import { percentile } from '../../shared/percentile';
import { backfillPalettes, ownerEdits, searchTableSizes, formatSizes } from '../upgrade-sequence';

const N = Number(process.env.N ?? 5000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-'));
const { db, close } = await openPostgresBenchDatabase(process.env.TEST_DATABASE_URL!);
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ALLOW_TEST_PAYMENTS: 'true' });
const k = scenariosFor(N).find((s) => s.name.startsWith('k.'))!;
try {
  await fillCatalog(db, N, { picturesRead: false });
  if (process.env.PRE) for (const s of process.env.PRE.split(';')) await sql.raw(s).execute(db);
  const app = await buildApp({ config, db, clientDir: path.join(dataDir, 'x'), logger: false });
  let t = performance.now();
  await backfillPalettes(db, N, 2);
  console.log('backfill s', ((performance.now() - t) / 1000).toFixed(1));
  t = performance.now();
  await ownerEdits(app, db, N, 1000);
  console.log('edits s', ((performance.now() - t) / 1000).toFixed(1));
  const measure = async (label: string) => {
    const gin = { rows: [] };
    const ms = (await measureScenario(app, k, { warmUp: 20, requests: 200 })).map((x) => x.ms);
    console.log(label, 'p50', percentile(ms, 50).toFixed(1), 'p95', percentile(ms, 95).toFixed(1), 'load', os.loadavg()[0].toFixed(2));
    console.log('  ', formatSizes(await searchTableSizes(db)), JSON.stringify(gin.rows));
  };
  await measure('after edits');
  for (const step of (process.env.STEPS ?? '').split(';').filter(Boolean)) {
    t = performance.now();
    await sql.raw(step).execute(db);
    console.log(step, ((performance.now() - t) / 1000).toFixed(1), 's');
    await measure('after ' + step);
  }
  await app.close();
} finally {
  await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '/work/wt/releases/e2e/support/test-server';
async function main() {
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rel-probe-'));
const server = await startTestServer(dataDir, {});
const { default: Database } = await import('better-sqlite3');
const db = new Database(fs.readdirSync(dataDir).filter((f) => /sqlite|\.db$/.test(f)).map((f) => path.join(dataDir, f))[0]!);
const tables = db.prepare("select name from sqlite_master where type='table' and name like 'artworks%'").all();
console.log(tables);
const row = db.prepare("select id, status from artworks order by id limit 1").get() as { id: number } | undefined;
console.log(row);
if (row) {
  db.prepare("update artworks set status='draft' where id=?").run(row.id);
  for (const url of [`/artwork/${row.id}`, `/api/artworks/${row.id}`]) {
    const r = await fetch(server.url + url, { headers: { accept: 'text/html' } });
    console.log(url, r.status);
  }
}
await server.close();

}
void main();

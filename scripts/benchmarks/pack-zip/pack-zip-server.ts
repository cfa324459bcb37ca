// The store serving one bought print pack as a ZIP, for bench-pack-zip.ts: the real app on SQLite in DATA_DIR with
// local storage, a buyer who paid with the test card, an artwork whose complete pack is six files of
// PACK_FILE_MB each (incompressible bytes: the ZIP stores them as it would JPEGs), and a fresh ZIP link for each
// line read on stdin. Prints `{ "pid", "origin" }` once listening, then one link per line asked for.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { loadConfig } from '#server/config.ts';
import { insertPack } from '#server/modules/print-pack/repository.ts';
import { openStore } from '#server/open-store.ts';
import { RATIO_IDS } from '#shared/prints/print-sizes.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

const FILE_MB = Number(process.env.PACK_FILE_MB ?? 34);

async function writeRandomFile(file: string, bytes: number): Promise<void> {
  const out = fs.createWriteStream(file);
  for (let written = 0; written < bytes; written += 1 << 20) {
    if (!out.write(randomBytes(Math.min(1 << 20, bytes - written))))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise((resolve, reject) => out.end((error?: Error) => (error ? reject(error) : resolve(undefined))));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, db, storages, close } = await openStore(config, {
    clientDir: path.join(config.dataDir, 'no-client'),
    logger: false,
  });

  const [artworkId] = (await insertTestArtworks(db, [{ title: 'Museum Arches', price: 20, format: 'PNG, JPG' }])) as [
    number,
  ];
  const files = [];
  for (const ratio of RATIO_IDS) {
    const key = `print-packs/${artworkId}/bench-${ratio}.jpg`;
    const file = path.join(config.dataDir, 'private', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await writeRandomFile(file, FILE_MB * 1_000_000);
    // Sides of the ratio's shape, so names and the frame guide read as for a real pack.
    files.push({
      ratio,
      format: 'jpeg' as const,
      crop: null,
      made: { file_key: key, width: 4800, height: 6000, size: FILE_MB * 1_000_000 },
    });
  }
  await storages.privateStore.put('originals/bench.png', Buffer.from('master'), 'image/png');
  await db
    .updateTable('artworks')
    .set({ private_file_key: 'originals/bench.png' })
    .where('id', '=', artworkId)
    .execute();
  await insertPack(db, { artworkId, masterKey: 'originals/bench.png', priority: 0, files, now: new Date() });

  const cookie = await signedInCookie(app, db, 'bench@shop.test', 'customer');
  const { itemId } = await buyWithTestCard({ app, db }, cookie, {
    items: [{ id: artworkId, quantity: 1 }],
    email: 'bench@shop.test',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ pid: process.pid, origin: `http://127.0.0.1:${port}` }));

  for await (const _line of readline.createInterface({ input: process.stdin })) {
    const link = await app.inject({ method: 'POST', url: `/api/downloads/${itemId}/zip`, headers: { cookie } });
    console.log(JSON.stringify({ url: link.json<{ url: string }>().url }));
  }
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

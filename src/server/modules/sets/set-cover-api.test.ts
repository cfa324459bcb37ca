import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import type { ArtworkSet, OwnerSet, SetList } from '#shared/sets/set-schema.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { uploadPreviewPicture } from '#test-support/preview-upload.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { setPageMeta } from '../../http/set-page-meta';
import type { StorageProvider } from '../../providers/storage/storage-provider';

// A set's cover drawn by the store as a gallery-wall mockup (decision 0073): choosing it queues a job of the one job
// runner; the app's own worker draws it; the answer's cover is then a real picture that shows the pieces in their
// order; changing the order draws it again.

const COLOURS = { red: [200, 40, 40], blue: [40, 90, 200], green: [30, 170, 80] } as const;
type Colour = keyof typeof COLOURS;

/** How many pixels of each piece's colour the picture has, and where they are on average across it (0 to 1). */
async function coloursIn(bytes: Buffer): Promise<Record<Colour, { count: number; x: number }>> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = Object.fromEntries(Object.keys(COLOURS).map((name) => [name, { count: 0, sumX: 0 }])) as Record<
    Colour,
    { count: number; sumX: number }
  >;
  for (let at = 0; at < data.length; at += info.channels) {
    for (const [name, [r, g, b]] of Object.entries(COLOURS) as Array<[Colour, readonly number[]]>) {
      if (Math.abs(data[at]! - r!) + Math.abs(data[at + 1]! - g!) + Math.abs(data[at + 2]! - b!) < 40) {
        found[name].count += 1;
        found[name].sumX += (at / info.channels) % info.width;
      }
    }
  }
  return Object.fromEntries(
    Object.entries(found).map(([name, { count, sumX }]) => [name, { count, x: count ? sumX / count / info.width : 0 }]),
  ) as Record<Colour, { count: number; x: number }>;
}

describe.each(TEST_ENGINES)("a set's gallery-wall cover, on %s", (engine) => {
  let t: TestApp;
  let owner: string;
  let publicStore: StorageProvider;
  const ids: Record<Colour, number> = { red: 0, blue: 0, green: 0 };

  beforeAll(async () => {
    // No print packs nor room mockups: the set covers' runner is the only background drawing here.
    t = await createTestApp(
      engine,
      {},
      {
        printPacks: { enabled: false },
        wrapStorages: (storages) => {
          publicStore = storages.publicStore;
          return storages;
        },
      },
    );
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    for (const name of Object.keys(COLOURS) as Colour[]) {
      const [r, g, b] = COLOURS[name];
      const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/artworks',
        payload: {
          title: `Field ${name}`,
          artist: 'Ines Roux',
          price: 10,
          description: 'A field of one colour.',
          category: 'abstract',
          previewUrl: (await uploadPreviewPicture(t.app, owner, png)).url,
          googleDriveLink: 'https://drive.google.com/file/d/abc/view',
        },
        headers: { cookie: owner },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids[name] = created.json<AdminArtwork>().id;
    }
  }, 60_000);
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: owner } });
  const ownerSet = async (id: number) => (await send('GET', `/api/admin/sets/${id}`)).json<OwnerSet>();

  /** Waits for the app's own set-cover worker (nudged by the save's listener) to put the cover on the set. */
  async function coverReady(id: number): Promise<OwnerSet> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const set = await ownerSet(id);
      if (set.coverStatus === 'ready' || set.coverStatus === 'failed' || Date.now() > deadline) return set;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The cover's largest rendition, read back from the public store. */
  async function coverBytes(set: ArtworkSet): Promise<Buffer> {
    const largest = set.cover!.images.at(-1)!;
    const bytes = await publicStore.get(largest.url.slice(publicStore.publicUrl('').length));
    expect(bytes, `no file at ${largest.url}`).toBeTruthy();
    return bytes!;
  }

  let setId: number;
  let firstCover: string;

  it('queues the mockup when the owner chooses it, shows the first piece meanwhile, then the drawn wall', async () => {
    const made = await send('POST', '/api/admin/sets', {
      title: 'Primaries',
      artworkIds: [ids.red, ids.blue, ids.green],
      percentOff: 10,
      coverKind: 'mockup',
    });
    expect(made.statusCode, made.body).toBe(201);
    const answer = made.json<OwnerSet>();
    setId = answer.id;
    expect(answer.coverKind).toBe('mockup');
    // Queued by the save's listener; the runner may have claimed it already.
    expect(['queued', 'making']).toContain(answer.coverStatus);
    expect(answer.cover).toMatchObject({ artworkId: ids.red, mockup: false });
    const jobs = await t.db.selectFrom('set_cover_jobs').select(['set_id', 'source']).execute();
    expect(jobs.map((job) => job.set_id)).toEqual([setId]);

    const ready = await coverReady(setId);
    expect(ready.coverStatus).toBe('ready');
    expect(await t.db.selectFrom('set_cover_jobs').selectAll().execute()).toEqual([]);

    const visitor = (await t.app.inject(`/api/sets/${setId}`)).json<ArtworkSet>();
    expect(visitor.cover?.mockup).toBe(true);
    expect(visitor.cover?.artworkId).toBeNull();
    expect(visitor.cover?.images.map((image) => [image.width, image.height])).toEqual([
      [800, 533],
      [1600, 1067],
    ]);
    for (const image of visitor.cover!.images)
      expect(image.url).toMatch(new RegExp(`/set-covers/${setId}-[0-9a-f]{12}-${image.width}\\.webp$`));
    expect(visitor.cover?.imageUrl).toBe(visitor.cover?.images[0]?.url);
    firstCover = visitor.cover!.images.at(-1)!.url;

    const bytes = await coverBytes(visitor);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    const stats = await sharp(bytes).stats();
    // Not blank: a room, not one flat colour.
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
    const colours = await coloursIn(bytes);
    for (const name of Object.keys(COLOURS) as Colour[]) expect(colours[name].count).toBeGreaterThan(5_000);
    // Hung in the set's order, left to right.
    expect(colours.red.x).toBeLessThan(colours.blue.x);
    expect(colours.blue.x).toBeLessThan(colours.green.x);

    // The sets list, the home row's source, and the page's social image use it too.
    const list = (await t.app.inject('/api/sets')).json<SetList>();
    expect(list.items.find((item) => item.id === setId)?.cover?.images.at(-1)?.url).toBe(firstCover);
    const meta = setPageMeta(visitor, 'https://shop.test', 'Shop', 'usd');
    expect(meta.image?.url).toMatch(/\/set-covers\//);
  }, 120_000);

  it('draws it again when the pieces change order, the first piece standing in until then', async () => {
    const changed = await send('PUT', `/api/admin/sets/${setId}`, {
      title: 'Primaries',
      artworkIds: [ids.green, ids.blue, ids.red],
      percentOff: 10,
      coverKind: 'mockup',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = changed.json<OwnerSet>();
    expect(['queued', 'making']).toContain(answer.coverStatus);
    // The old wall shows the old order: it is not shown meanwhile.
    expect(answer.cover).toMatchObject({ artworkId: ids.green, mockup: false });

    expect((await coverReady(setId)).coverStatus).toBe('ready');
    const visitor = (await t.app.inject(`/api/sets/${setId}`)).json<ArtworkSet>();
    expect(visitor.cover?.mockup).toBe(true);
    expect(visitor.cover?.images.at(-1)?.url).not.toBe(firstCover);
    const colours = await coloursIn(await coverBytes(visitor));
    expect(colours.green.x).toBeLessThan(colours.blue.x);
    expect(colours.blue.x).toBeLessThan(colours.red.x);
    // The superseded files are handed to the clean-up.
    const cleanup = await t.db.selectFrom('stored_file_cleanup').select('key').execute();
    expect(cleanup.map((row) => row.key)).toContain(firstCover.slice(firstCover.indexOf('set-covers/')));
  }, 120_000);

  it('takes a piece’s picture again when the owner chooses one, and refuses a cover kind it does not know', async () => {
    const piece = await send('PUT', `/api/admin/sets/${setId}`, {
      title: 'Primaries',
      artworkIds: [ids.green, ids.blue, ids.red],
      percentOff: 10,
      coverKind: 'piece',
      coverArtworkId: ids.blue,
    });
    expect(piece.statusCode, piece.body).toBe(200);
    expect(piece.json<OwnerSet>()).toMatchObject({
      coverKind: 'piece',
      coverStatus: 'none',
      cover: { artworkId: ids.blue, mockup: false },
    });
    expect(await t.db.selectFrom('set_cover_jobs').selectAll().execute()).toEqual([]);

    const wrong = await send('PUT', `/api/admin/sets/${setId}`, {
      title: 'Primaries',
      artworkIds: [ids.green, ids.blue],
      percentOff: 10,
      coverKind: 'poster',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ details: Record<string, string[]> }>().details).toHaveProperty('coverKind');
  });
});

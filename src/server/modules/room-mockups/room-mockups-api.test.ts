import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import { FailingStorage } from '#test-support/failing-storage.ts';
import { uploadPreviewPicture } from '#test-support/preview-upload.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { artworkPageMeta } from '../../http/page-meta';
import type { LocalStorage } from '../../providers/storage/local-storage';
import { publicKeyOf } from './mockup-files';
import { queueMissingMockups } from './mockup-repository';
import { makeNextMockups } from './mockup-work';

const silent = { warn: () => undefined, info: () => undefined };

describe.each(TEST_ENGINES)('room mockups on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let store: FailingStorage;

  beforeAll(async () => {
    // The worker does not run on its own here: the test makes the due mockups itself, when it means to.
    t = await createTestApp(
      engine,
      {},
      {
        printPacks: { enabled: false },
        wrapStorages: (storages) => {
          store = new FailingStorage(storages.publicStore as LocalStorage);
          return { ...storages, publicStore: store };
        },
      },
    );
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
  }, 30_000);
  afterAll(() => t.close());

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: owner } });
  const detail = async (id: number) => (await t.app.inject(`/api/artworks/${id}`)).json<ArtworkDetail>();
  const adminView = async (id: number) => (await send('GET', `/api/admin/artworks/${id}`)).json<AdminArtwork>();
  const mockupsOf = async (id: number) => (await detail(id)).media.filter((item) => item.mockup !== undefined);

  /** Makes every due mockup job, as the worker's loop does between packs. */
  async function runDueMockups(): Promise<string[]> {
    const outcomes: string[] = [];
    for (;;) {
      const outcome = await makeNextMockups({ db: t.db, publicStore: store, log: silent }, 'test-worker');
      if (outcome === 'none') return outcomes;
      outcomes.push(outcome);
    }
  }

  async function uploadPreview(colour: string): Promise<string> {
    const content = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: colour } })
      .png()
      .toBuffer();
    return (await uploadPreviewPicture(t.app, owner, content)).url;
  }

  async function createArtwork(title: string): Promise<number> {
    const created = await send('POST', '/api/artworks', {
      title,
      artist: 'Ines Roux',
      price: 9,
      description: 'A quiet picture.',
      category: 'abstract',
      previewUrl: await uploadPreview('#2a6fb4'),
      googleDriveLink: 'https://drive.google.com/file/d/abc/view',
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<AdminArtwork>().id;
  }

  let id: number;

  it('makes a created artwork’s mockups in the background: media after the picture, WebP in the public store', async () => {
    id = await createArtwork('Blue Hour');
    expect((await detail(id)).media).toHaveLength(1);
    expect((await adminView(id)).mockups.status).toBe('queued');

    expect(await runDueMockups()).toEqual(['changed']);
    const artwork = await detail(id);
    expect(artwork.media[0]).toEqual({ type: 'image', url: artwork.imageUrl });
    expect(artwork.media.slice(1).map((item) => item.mockup)).toEqual(['living-room', 'bedroom', 'office']);
    for (const item of artwork.media.slice(1)) {
      expect(item.images!.map((image) => image.width)).toEqual([800, 1600]);
      expect(item.url).toBe(item.images![0]!.url);
      for (const image of item.images!) {
        expect(image.url).toMatch(new RegExp(`/mockups/${id}-${item.mockup}-[0-9a-f]{12}-${image.width}\\.webp$`));
        const bytes = await store.get(publicKeyOf(store, image.url)!);
        const meta = await sharp(bytes!).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: image.width, height: image.height });
      }
    }
    // Only the artwork's own page carries them: the shop's lists stay as light as before.
    const list = (await t.app.inject('/api/artworks?q=blue%20hour')).json<{ items: ArtworkDetail[] }>();
    expect(list.items.map((item) => item.id)).toEqual([id]);
    expect(list.items[0]!.media).toEqual([{ type: 'image', url: artwork.imageUrl }]);
    // The owner sees them too, apart from the media the owner chose.
    const own = await adminView(id);
    expect(own.mockups).toMatchObject({ enabled: true, status: 'ready', socialImage: 'picture', error: null });
    expect(own.mockups.scenes.map((scene) => scene.scene)).toEqual(['living-room', 'bedroom', 'office']);
    expect(own.media.every((item) => item.mockup === undefined)).toBe(true);
    // Nothing is left to make.
    expect(await runDueMockups()).toEqual([]);
  });

  it('hides them when the owner turns them off, and puts the chosen first scene first', async () => {
    const off = await send('PUT', `/api/artworks/${id}`, { mockupsEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await mockupsOf(id)).toEqual([]);
    expect((await adminView(id)).mockups).toMatchObject({ enabled: false, status: 'ready' });

    await send('PUT', `/api/artworks/${id}`, { mockupsEnabled: true, firstMockupScene: 'office' });
    expect((await mockupsOf(id)).map((item) => item.mockup)).toEqual(['office', 'living-room', 'bedroom']);
    await send('PUT', `/api/artworks/${id}`, { firstMockupScene: 'bedroom' });
    expect((await mockupsOf(id)).map((item) => item.mockup)).toEqual(['bedroom', 'living-room', 'office']);
  });

  it('refuses bad choices with a 400 naming the field', async () => {
    for (const [field, value] of [
      ['mockupsEnabled', 'yes'],
      ['firstMockupScene', 'kitchen'],
      ['socialImage', 'poster'],
    ] as const) {
      const response = await send('PUT', `/api/artworks/${id}`, { [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().details ?? {}), field).toContain(field);
    }
  });

  it('shares the first mockup’s 1600 px rendition when the owner chooses it, and the picture otherwise', async () => {
    const url = 'https://prints.example';
    const picture = artworkPageMeta(await detail(id), url, 'Store', 'usd').image!;
    expect(picture.url).toBe(`${url}${(await detail(id)).images.find((i) => i.width >= 800)!.url}`);

    expect((await send('PUT', `/api/artworks/${id}`, { socialImage: 'mockup' })).statusCode).toBe(200);
    const shared = artworkPageMeta(await detail(id), url, 'Store', 'usd').image!;
    expect(shared.url).toMatch(new RegExp(`^${url}/files/mockups/${id}-bedroom-[0-9a-f]{12}-1600\\.webp$`));
    expect(shared).toMatchObject({ width: 1600, height: 1067, alt: 'Blue Hour in a bedroom' });

    // Mockups hidden: the picture again.
    await send('PUT', `/api/artworks/${id}`, { mockupsEnabled: false });
    expect(artworkPageMeta(await detail(id), url, 'Store', 'usd').image!.url).toBe(picture.url);
    await send('PUT', `/api/artworks/${id}`, { mockupsEnabled: true });
  });

  it('makes new mockups for a new picture, hands the old ones to the clean-up, and none for the same picture', async () => {
    const before = (await mockupsOf(id)).flatMap((item) => item.images!.map((image) => image.url));
    const same = await send('PUT', `/api/artworks/${id}`, { previewUrl: (await detail(id)).highResImageUrl });
    expect(same.statusCode).toBe(200);
    expect(await runDueMockups()).toEqual([]);

    await send('PUT', `/api/artworks/${id}`, { previewUrl: await uploadPreview('#b4532a') });
    // Until the new ones are made, the old ones (of a picture the artwork no longer has) are not shown.
    expect(await mockupsOf(id)).toEqual([]);
    expect(await runDueMockups()).toEqual(['changed']);
    const after = (await mockupsOf(id)).flatMap((item) => item.images!.map((image) => image.url));
    expect(after).toHaveLength(6);
    expect(after.filter((url) => before.includes(url))).toEqual([]);
    const cleanups = await t.db.selectFrom('stored_file_cleanup').select(['store', 'key']).execute();
    expect(cleanups).toEqual(
      expect.arrayContaining(before.map((url) => ({ store: 'public', key: publicKeyOf(store, url) }))),
    );
  });

  it('tries again later while the storage is down, then makes them', async () => {
    const other = await createArtwork('Storm Front');
    store.failPutsAfter(1);
    expect(await runDueMockups()).toEqual(['unchanged']);
    const job = await t.db
      .selectFrom('mockup_jobs')
      .selectAll()
      .where('artwork_id', '=', other)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, claimed_by: null });
    expect(job.last_error).toMatch(/file storage could not be reached/);
    expect(new Date(job.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    expect(await mockupsOf(other)).toEqual([]);
    // Not due yet: the back-off holds.
    expect(await runDueMockups()).toEqual([]);

    store.heal();
    await t.db
      .updateTable('mockup_jobs')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job.id)
      .execute();
    expect(await runDueMockups()).toEqual(['changed']);
    expect((await mockupsOf(other)).map((item) => item.mockup)).toEqual(['living-room', 'bedroom', 'office']);
    expect(await t.db.selectFrom('mockup_jobs').select('id').where('artwork_id', '=', other).execute()).toEqual([]);
  });

  it('queues, once, artworks that have a picture and no mockups (older ones, the demo catalogue)', async () => {
    const { id: older } = await t.db
      .insertInto('artworks')
      .values({
        title: 'Older',
        artist: 'A',
        price_cents: 100,
        description: 'd',
        category: 'abstract',
        tags: '[]',
        search_text: 'older',
        images: JSON.stringify((await detail(id)).images),
        media: '[]',
        dimensions: '',
        format: 'PNG',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await queueMissingMockups(t.db, new Date())).queued).toBe(1);
    expect((await queueMissingMockups(t.db, new Date())).queued).toBe(0);
    expect(await runDueMockups()).toEqual(['changed']);
    expect(await mockupsOf(older)).toHaveLength(3);
    expect((await queueMissingMockups(t.db, new Date())).queued).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '#test-support/counting-storage.ts';
import { formatsOf } from '#shared/orders/downloads.ts';
import { deliverableFile } from './file-formats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-formats-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('formatsOf', () => {
  it('reads the Format field', () => {
    expect(formatsOf('PNG, JPG')).toEqual(['png', 'jpg']);
    expect(formatsOf('PNG')).toEqual(['png']);
    expect(formatsOf('jpeg / png')).toEqual(['png', 'jpg']);
    expect(formatsOf('PDF')).toEqual([]);
  });
});

describe('deliverable files', () => {
  const store = new CountingStorage(path.join(dir, 'private'));
  const master = 'originals/1700000000000-a1b2c3d4e5f6.png';
  const artwork = { id: 7, title: 'Quiet Harbour', private_file_key: master, format: 'PNG, JPG' };

  beforeAll(async () => {
    // A master with transparency and 300 DPI, as an artist's export would be.
    const png = await sharp({
      create: { width: 600, height: 750, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } },
    })
      .withDensity(300)
      .png()
      .toBuffer();
    await store.put(master, png, 'image/png');
    store.puts = [];
  });

  it('hands out the PNG master itself, named from the title', async () => {
    expect(await deliverableFile({ privateStore: store }, artwork, 'png')).toEqual({
      key: master,
      fileName: 'Quiet Harbour.png',
      contentType: 'image/png',
    });
    expect(store.puts).toEqual([]);
  });

  it('makes a JPG beside the master once, at 300 DPI in sRGB, even for two requests at once, then reuses it', async () => {
    const [first, second] = await Promise.all([
      deliverableFile({ privateStore: store }, artwork, 'jpg'),
      deliverableFile({ privateStore: store }, artwork, 'jpg'),
    ]);
    const expected = { key: `${master}.jpg`, fileName: 'Quiet Harbour.jpg', contentType: 'image/jpeg' };
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    expect(store.puts).toEqual([`${master}.jpg`]);

    const jpg = await store.get(`${master}.jpg`);
    const meta = await sharp(jpg ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 750,
      density: 300,
      space: 'srgb',
      hasProfile: true,
      hasAlpha: false,
    });

    expect(await deliverableFile({ privateStore: store }, artwork, 'jpg')).toEqual(expected);
    expect(store.puts).toHaveLength(1);
  });

  it('gives nothing for a format the artwork does not offer, no master, or a master missing from the store', async () => {
    expect(await deliverableFile({ privateStore: store }, { ...artwork, format: 'PNG' }, 'jpg')).toBeNull();
    expect(await deliverableFile({ privateStore: store }, { ...artwork, private_file_key: null }, 'png')).toBeNull();
    expect(
      await deliverableFile({ privateStore: store }, { ...artwork, private_file_key: 'originals/gone.png' }, 'png'),
    ).toBeNull();
  });

  it('hands out a PDF or ZIP master as it is, under its own extension', async () => {
    await store.put('originals/1-abc.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(
      await deliverableFile(
        { privateStore: store },
        { ...artwork, private_file_key: 'originals/1-abc.pdf', format: 'PNG' },
        'png',
      ),
    ).toEqual({
      key: 'originals/1-abc.pdf',
      fileName: 'Quiet Harbour.pdf',
      contentType: 'application/pdf',
    });
  });

  it('makes a file name any system accepts from any title', async () => {
    const named = (title: string) =>
      deliverableFile({ privateStore: store }, { ...artwork, title }, 'png').then((file) => file?.fileName);
    expect(await named('Été à Nice')).toBe('Été à Nice.png');
    expect(await named('  Sun/Moon: "Day"?\n ')).toBe('Sun Moon Day.png');
    expect(await named('...')).toBe('artwork-7.png');
  });
});

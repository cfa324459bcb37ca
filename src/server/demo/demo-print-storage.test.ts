import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverableFile } from '../modules/downloads/file-formats';
import { CountingStorage } from '#test-support/counting-storage.ts';
import { masterPrintSizes } from '#shared/prints/master-print-sizes.ts';
import { DEFAULT_DEMO_ASPECT } from './demo-aspects';
import { buildDemoCatalog } from './demo-catalog';
import { demoMasterKey, firstDemoMasterKey } from './demo-master';
import { demoMasterSize, LARGE_DEMO_MASTER_SEED } from './demo-master-size';
import { DemoPrintStorage } from './demo-print-storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-print-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a demo artwork’s master', () => {
  const inner = new CountingStorage(path.join(dir, 'private'));
  const store = new DemoPrintStorage(inner);
  const artwork = { id: 1, title: 'Golden Peaks', private_file_key: demoMasterKey(1), format: 'PNG' };

  it('is drawn on the first download as a 4800 x 6000 px PNG at 300 DPI (16 x 20 in), once', async () => {
    const [first, second] = await Promise.all([
      deliverableFile({ privateStore: store }, artwork, 'png'),
      deliverableFile({ privateStore: store }, artwork, 'png'),
    ]);
    expect(first).toEqual({ key: 'demo/v2/artwork-0001.png', fileName: 'Golden Peaks.png', contentType: 'image/png' });
    expect(second).toEqual(first);
    expect(inner.puts).toEqual(['demo/v2/artwork-0001.png']);

    const png = await store.get('demo/v2/artwork-0001.png');
    const meta = await sharp(png ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 4800, height: 6000, density: 300, hasProfile: true });
    // The same composition as its previews, far larger (a blank canvas would compress to almost nothing).
    expect(png?.length).toBeGreaterThan(50_000);

    await deliverableFile({ privateStore: store }, artwork, 'png');
    expect(inner.puts).toHaveLength(1);
  });

  it('is drawn at 8640 x 10800 px for the one artwork whose 2:3 crop prints at 24 x 36 in', async () => {
    expect(demoMasterSize(DEFAULT_DEMO_ASPECT, LARGE_DEMO_MASTER_SEED)).toEqual({ width: 8640, height: 10800 });
    const key = demoMasterKey(LARGE_DEMO_MASTER_SEED);
    const meta = await sharp((await store.get(key)) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 8640, height: 10800, density: 300 });
    const [twoByThree] = masterPrintSizes({ width: meta.width ?? 0, height: meta.height ?? 0 }, ['2x3']);
    expect(twoByThree).toMatchObject({ width: 7200, height: 10800 });
    expect(twoByThree?.sizes.map((size) => size.name).at(-1)).toBe('24 × 36 in');
  }, 60_000);

  it('is drawn in its artwork’s shape: a 3:1 panorama at 14400 x 4800 px, whose every crop prints as large', async () => {
    const panorama = buildDemoCatalog().find((work) => work.aspect.across === 3 * work.aspect.down)!;
    const meta = await sharp((await store.get(demoMasterKey(panorama.seed))) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 14400, height: 4800, density: 300 });
    const reach = (width: number, height: number, ratio: '4x5' | '2x3') =>
      masterPrintSizes({ width, height }, [ratio])[0]?.sizes.at(-1)?.name;
    expect(reach(14400, 4800, '4x5')).toBe(reach(4800, 6000, '4x5'));
    expect(reach(14400, 4800, '2x3')).toBe('16 × 24 in');
  }, 60_000);

  it('keeps a store seeded before its pictures had generations 4:5, at the size that store recorded', async () => {
    const panorama = buildDemoCatalog().find((work) => work.aspect.across === 3 * work.aspect.down)!;
    const meta = await sharp((await store.get(firstDemoMasterKey(panorama.seed))) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 4800, height: 6000, density: 300 });
  }, 60_000);

  it('is not made up for a demo key the catalogue does not know, nor is any other missing key', async () => {
    const puts = inner.puts.length;
    expect(
      await deliverableFile({ privateStore: store }, { ...artwork, private_file_key: demoMasterKey(99) }, 'png'),
    ).toBeNull();
    expect(await store.get('demo/v3/artwork-0001.png')).toBeNull();
    expect(await store.exists('originals/gone.png')).toBe(false);
    expect(await store.get('originals/gone.png')).toBeNull();
    expect(inner.puts).toHaveLength(puts);
  });

  it('is asked about readiness as the store it wraps is', async () => {
    await expect(store.ready?.(AbortSignal.timeout(1_000))).resolves.toBeUndefined();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectFileRoundTrip } from '#test-support/storage-round-trip.ts';
import { LocalStorage } from './local-storage';

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores a file from disk and reads it back as a stream, byte for byte; a missing key streams as null', async () => {
    await expectFileRoundTrip(new LocalStorage(root));
  });

  it('leaves no temporary file behind when the source cannot be read', async () => {
    const store = new LocalStorage(root);
    await expect(store.putFile('originals/x.png', path.join(root, 'no-such-file'), 'image/png')).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 'originals')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await store.exists('originals/x.png')).toBe(false);
  });
});

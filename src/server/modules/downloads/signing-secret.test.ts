import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { LocalLinkSigner } from '../../providers/storage/signed-local-link';
import { SIGNED_FILES_PATH } from './local-file-route';
import { downloadSigningSecret } from './signing-secret';

describe.each(TEST_ENGINES)('the download signing secret on %s', (engine) => {
  let t: TestDatabase;
  const signerWith = (configured: string | undefined) =>
    new LocalLinkSigner(downloadSigningSecret(t.db, configured), SIGNED_FILES_PATH);
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => t.close());

  it('is made once and shared by every instance on the database, even when they ask at the same moment', async () => {
    // Two sources stand for two app instances starting together.
    const [first, second] = await Promise.all([
      downloadSigningSecret(t.db, undefined)(),
      downloadSigningSecret(t.db, undefined)(),
    ]);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second.equals(first)).toBe(true);
    expect((await downloadSigningSecret(t.db, undefined)()).equals(first)).toBe(true);
    const rows = await t.db.selectFrom('app_meta').select('key').where('key', '=', 'download-signing-secret').execute();
    expect(rows).toHaveLength(1);
  });

  it('lets a link signed by one instance be checked by another', async () => {
    const link = { key: 'originals/1-abc.png', name: 'A.png', contentType: 'image/png', expires: 4_000_000_000 };
    const url = new URL(await signerWith(undefined).url(link), 'http://store.test');
    const check = await signerWith(undefined).check(url.pathname, Object.fromEntries(url.searchParams));
    expect(check).toEqual({ status: 'valid', link });
  });

  it('is DOWNLOAD_SIGNING_SECRET when that is set, and then a link signed with the stored one is refused', async () => {
    const configured = 'x'.repeat(40);
    expect((await downloadSigningSecret(t.db, configured)()).toString()).toBe(configured);
    const link = { key: 'originals/1-abc.png', name: 'A.png', contentType: 'image/png', expires: 4_000_000_000 };
    const url = new URL(await signerWith(undefined).url(link), 'http://store.test');
    const check = await signerWith(configured).check(url.pathname, Object.fromEntries(url.searchParams));
    expect(check).toEqual({ status: 'invalid' });
  });
});

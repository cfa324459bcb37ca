import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';
import { ViesCache } from './vies-cache';

const FRENCH = { country: 'FR', localNumber: '40303265045' };
const UNKNOWN = { country: 'FR', localNumber: '83404833048' };

describe("VIES's answers kept by an instance", () => {
  let vies: ViesTestServer;
  beforeAll(async () => {
    vies = await startViesTestServer({ valid: ['FR40303265045'] });
  });
  afterAll(() => vies.close());
  const asked = () => vies.requests.length;

  it('asks once per number while the answer is kept, a valid one and an unknown one alike', async () => {
    const cache = new ViesCache();
    const before = asked();
    expect(await cache.check(vies.url, FRENCH)).toMatchObject({ status: 'valid' });
    expect(await cache.check(vies.url, FRENCH)).toMatchObject({ status: 'valid' });
    expect(await cache.check(vies.url, UNKNOWN)).toEqual({ status: 'invalid' });
    expect(await cache.check(vies.url, UNKNOWN)).toEqual({ status: 'invalid' });
    expect(asked() - before).toBe(2);
  });

  it('asks again after "could not be reached", and once the answer is older than its time', async () => {
    const cache = new ViesCache(0);
    const before = asked();
    vies.setDown(true);
    try {
      expect(await cache.check(vies.url, FRENCH)).toMatchObject({ status: 'unavailable' });
    } finally {
      vies.setDown(false);
    }
    // Not kept: asked again once VIES is back; and with no time to keep answers, asked every time.
    expect(await cache.check(vies.url, FRENCH)).toMatchObject({ status: 'valid' });
    expect(await cache.check(vies.url, FRENCH)).toMatchObject({ status: 'valid' });
    expect(asked() - before).toBe(2);
  });

  it('forgets the oldest answer beyond its size', async () => {
    const cache = new ViesCache(60_000, 1);
    const before = asked();
    await cache.check(vies.url, FRENCH);
    await cache.check(vies.url, UNKNOWN);
    await cache.check(vies.url, FRENCH);
    expect(asked() - before).toBe(3);
  });
});

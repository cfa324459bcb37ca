import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

describe.each(TEST_ENGINES)('GET /api/categories on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertTestArtworks(t.db, [
      { category: 'nature', isFeatured: true },
      { category: 'nature', isNewArrival: true },
      { category: 'nature', isFeatured: true, isNewArrival: true },
      { category: 'vintage' },
    ]);
  });
  afterAll(() => t.close());

  it('lists all ten categories in order with artwork, featured and new-arrival counts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      id: 'nature',
      name: 'Nature',
      artworkCount: 3,
      featuredCount: 2,
      newArrivalCount: 2,
    });
    expect(items[0].featuredTags).toHaveLength(6);
    expect(items.find((c: { id: string }) => c.id === 'vintage')).toMatchObject({ artworkCount: 1, featuredCount: 0 });
    expect(items.find((c: { id: string }) => c.id === 'urban')).toMatchObject({
      artworkCount: 0,
      featuredCount: 0,
      newArrivalCount: 0,
    });
  });
});

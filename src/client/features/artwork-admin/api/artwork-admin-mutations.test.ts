import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bulkChangeMutation,
  createArtworkMutation,
  deleteArtworkMutation,
  updateArtworkMutation,
} from './artwork-admin-mutations';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status }))),
  );
}

function cache(): QueryClient {
  const client = new QueryClient();
  for (const key of [
    ['admin', 'artworks'],
    ['admin', 'artwork', '3'],
    ['admin', 'artwork', '4'],
    ['artwork', '3'],
    ['artwork', '4'],
    ['artworks', ''],
    ['categories'],
    ['settings'],
  ]) {
    client.setQueryData(key, {});
  }
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();

afterEach(() => vi.unstubAllGlobals());

describe('admin mutations refresh only what they touch', () => {
  it('an update refreshes that artwork, the lists and the categories', async () => {
    const client = cache();
    answer(200, { id: 3 });
    await new MutationObserver(client, updateArtworkMutation(client)).mutate({ id: 3, changes: { price: 7.5 } });
    expect(stale(client)).toEqual(['admin/artwork/3', 'admin/artworks', 'artwork/3', 'artworks/', 'categories']);
  });

  it('a create refreshes the lists and the categories', async () => {
    const client = cache();
    answer(201, { id: 9 });
    await new MutationObserver(client, createArtworkMutation(client)).mutate({ title: 'New' });
    expect(stale(client)).toEqual(['admin/artworks', 'artworks/', 'categories']);
  });

  it('a bulk change refreshes every artwork it names', async () => {
    const client = cache();
    answer(200, { changed: 2 });
    await new MutationObserver(client, bulkChangeMutation(client)).mutate({
      ids: [3, 4],
      changes: { isFeatured: true },
    });
    expect(stale(client)).toEqual([
      'admin/artwork/3',
      'admin/artwork/4',
      'admin/artworks',
      'artwork/3',
      'artwork/4',
      'artworks/',
      'categories',
    ]);
  });

  it('a failed delete still refreshes, and rejects with the server message', async () => {
    const client = cache();
    answer(404, { error: 'Artwork not found' });
    await expect(new MutationObserver(client, deleteArtworkMutation(client)).mutate(4)).rejects.toThrow(
      'Artwork not found',
    );
    expect(stale(client)).toEqual(['admin/artwork/4', 'admin/artworks', 'artwork/4', 'artworks/', 'categories']);
  });

  it('a failed update refreshes nothing: nothing changed', async () => {
    const client = cache();
    answer(400, { error: 'Invalid artwork', details: { price: ['Too low'] } });
    await expect(
      new MutationObserver(client, updateArtworkMutation(client)).mutate({ id: 3, changes: { price: -1 } }),
    ).rejects.toMatchObject({
      status: 400,
      details: { price: ['Too low'] },
    });
    expect(stale(client)).toEqual([]);
  });
});

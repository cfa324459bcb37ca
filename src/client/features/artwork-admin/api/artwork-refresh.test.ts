import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './artwork-refresh';

function cacheWithEverything(): QueryClient {
  const client = new QueryClient();
  const seed = (key: QueryKey, data: unknown) => client.setQueryData(key, data);
  seed(['admin', 'artworks'], []);
  seed(['admin', 'artwork', '7'], { id: 7 });
  seed(['admin', 'artwork', '8'], { id: 8 });
  seed(['artworks', 'filter=featured&limit=4'], { items: [], total: 0 });
  seed(['artworks', 'q=sea'], { items: [], total: 0 });
  seed(['categories'], { items: [] });
  seed(['artwork', '7'], { id: 7, relatedArtworks: [] });
  seed(['artwork', '9'], { id: 9, relatedArtworks: [{ id: 7 }] });
  seed(['artwork', '10'], { id: 10, relatedArtworks: [{ id: 11 }] });
  seed(['artwork', '404'], null);
  seed(['settings'], { storeName: 'Shop' });
  seed(['auth', 'session'], null);
  return client;
}

function stale(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('refreshAfterChange', () => {
  it("refreshes an artwork's admin and public pages, the lists, the categories and pages that show it as related", async () => {
    const client = cacheWithEverything();
    await refreshAfterChange(client, [7]);
    expect(stale(client)).toEqual(
      [
        'admin/artworks',
        'admin/artwork/7',
        'artworks/filter=featured&limit=4',
        'artworks/q=sea',
        'categories',
        'artwork/7',
        'artwork/9',
      ].sort(),
    );
  });

  it('covers every artwork of a bulk change and leaves the session and settings alone', async () => {
    const client = cacheWithEverything();
    await refreshAfterChange(client, [8, 11]);
    const touched = stale(client);
    expect(touched).toEqual(expect.arrayContaining(['admin/artwork/8', 'artwork/10']));
    expect(touched).not.toContain('admin/artwork/7');
    expect(touched).not.toContain('artwork/7');
    expect(touched).not.toContain('settings');
    expect(touched).not.toContain('auth/session');
  });
});

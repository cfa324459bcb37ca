import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { printPackKeys } from './print-pack-queries';
import { retryPrintFileMutation, savePrintPackMutation } from './print-pack-mutations';

const queued: OwnerPrintPack = {
  artworkId: 3,
  master: { width: 2400, height: 3000 },
  progress: { status: 'queued', done: 0, total: 1, error: null },
  ratios: [],
};

function answer(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function cache(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(printPackKeys.detail(3), { ...queued, progress: { ...queued.progress, status: 'ready' } });
  client.setQueryData(printPackKeys.list, { items: [] });
  client.setQueryData(['admin', 'artworks'], []);
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('print pack mutations', () => {
  it('a save PUTs the change and shows its answer at once, marking the dashboard’s list stale', async () => {
    const client = cache();
    const fetch = answer(200, queued);
    const update = { ratios: ['4x5' as const], crops: { '4x5': { left: 0, top: 0, width: 1, height: 1 } } };
    await new MutationObserver(client, savePrintPackMutation(client)).mutate({ artworkId: 3, update });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/artworks/3/print-pack');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(JSON.parse(fetch.mock.calls[0]?.[1]?.body as string)).toEqual(update);
    expect(client.getQueryData<OwnerPrintPack>(printPackKeys.detail(3))?.progress.status).toBe('queued');
    expect(client.getQueryState(printPackKeys.list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['admin', 'artworks'])?.isInvalidated).toBe(false);
  });

  it('a retry POSTs the ratio and shows the pack queued again', async () => {
    const client = cache();
    const fetch = answer(200, queued);
    await new MutationObserver(client, retryPrintFileMutation(client)).mutate({ artworkId: 3, ratio: '5x7' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/artworks/3/print-pack/retry');
    expect(JSON.parse(fetch.mock.calls[0]?.[1]?.body as string)).toEqual({ ratio: '5x7' });
    expect(client.getQueryData<OwnerPrintPack>(printPackKeys.detail(3))?.progress.status).toBe('queued');
  });

  it('a refused crop leaves the pack as it was and hands the field details on', async () => {
    const client = cache();
    answer(400, {
      error: 'The 4:5 crop: width takes the crop past the picture’s right edge.',
      details: { width: ['x'] },
    });
    const save = new MutationObserver(client, savePrintPackMutation(client)).mutate({
      artworkId: 3,
      update: { ratios: ['4x5'], crops: {} },
    });
    await expect(save).rejects.toMatchObject({ status: 400, details: { width: ['x'] } });
    expect(client.getQueryData<OwnerPrintPack>(printPackKeys.detail(3))?.progress.status).toBe('ready');
  });
});

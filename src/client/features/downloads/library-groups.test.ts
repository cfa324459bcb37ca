import { describe, expect, it } from 'vitest';
import { SET_ZIP_MESSAGES } from '#shared/orders/downloads.ts';
import type { DownloadItem, DownloadPack } from '#shared/orders/downloads-schema.ts';
import { libraryGroups, SET_ZIP_WAITING, setZipOffer } from './library-groups';

const ready = (zipBytes: number): DownloadPack => ({ status: 'ready', done: 6, total: 6, files: [], zipBytes });

function item(itemId: number, extra: Partial<DownloadItem> = {}): DownloadItem {
  return {
    itemId,
    artworkId: itemId,
    title: `Piece ${itemId}`,
    artist: 'A',
    dimensions: null,
    previewUrl: null,
    purchasedAt: '2026-11-29T07:00:00.000Z',
    delivery: 'file',
    formats: ['png'],
    downloads: 0,
    limit: 3,
    licence: 'personal',
    licenceTermsVersion: 1,
    certificateNumber: `C-${itemId}`,
    pack: ready(100),
    set: null,
    upgrade: null,
    upgradedIn: null,
    upgradeOfItemId: null,
    ...extra,
  };
}

describe('the library’s sets', () => {
  it('groups a set’s pieces where its first piece was, each licence apart, and leaves other artworks alone', () => {
    const set = { id: 7, title: 'Compass' };
    const groups = libraryGroups([
      item(1),
      item(2, { set }),
      item(3, { set }),
      item(4, { set, licence: 'commercial' }),
      item(5, { set }),
    ]);
    expect(
      groups.map((group) =>
        group.kind === 'set' ? [group.title, group.pieces.map((piece) => piece.itemId)] : group.item.itemId,
      ),
    ).toEqual([1, ['Compass', [2, 3, 5]], ['Compass', [4]]]);
  });

  it('offers the whole set’s ZIP at its packs’ sum, once every pack is ready and no piece is at its limit', () => {
    expect(setZipOffer([item(1), item(2, { pack: ready(250) })])).toEqual({ bytes: 350 });
    expect(setZipOffer([item(1), item(2, { pack: { ...ready(0), status: 'preparing' } })])).toEqual({
      reason: SET_ZIP_WAITING,
    });
    expect(setZipOffer([item(1), item(2, { downloads: 3 })])).toEqual({
      reason: SET_ZIP_MESSAGES.limitReached('Piece 2', 3),
    });
    expect(setZipOffer([item(1, { limit: null, downloads: 40 })])).toEqual({ bytes: 100 });
  });
});

import { useQueries } from '@tanstack/react-query';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import { ApiError, fetchJson } from '#client/lib/api-client.ts';
import { catalogKeys } from '#client/lib/catalogue-keys.ts';

export type GalleryArtwork = Pick<ArtworkDetail, 'id' | 'title' | 'artist' | 'imageUrl' | 'images' | 'printSizes'>;

export interface GalleryPiecesState {
  /** The artworks still in the shop, in the order asked for; empty while loading. */
  artworks: GalleryArtwork[];
  loading: boolean;
  failed: boolean;
}

/**
 * Each artwork's page answer (its print sizes and pictures), under the catalogue's own cache keys so an artwork
 * page already seen costs nothing. An artwork no longer in the shop (404) is left out rather than failing all.
 */
export function useGalleryPieces(artworkIds: readonly number[]): GalleryPiecesState {
  const results = useQueries({
    queries: artworkIds.map((id) => ({
      queryKey: catalogKeys.detail(String(id)),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchJson<ArtworkDetail>(`/api/artworks/${id}`, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
          throw error;
        }),
      retry: false,
    })),
  });
  const loading = results.some((result) => result.isPending);
  return {
    artworks: loading ? [] : results.flatMap((result) => (result.data ? [result.data] : [])),
    loading,
    failed: results.some((result) => result.isError),
  };
}

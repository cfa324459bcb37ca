import type { StoreArchiveSize } from '#shared/store-export/store-export-schema.ts';
import { fetchJson } from '#client/lib/api-client.ts';

/** Plain links: the browser downloads them with the owner's session, streamed, without holding them in the page. */
export const PRODUCTS_CSV_URL = '/api/admin/export/products.csv';
export const STORE_ARCHIVE_URL = '/api/admin/export/store.zip';

export const storeExportApi = {
  archiveSize: (signal?: AbortSignal) => fetchJson<StoreArchiveSize>('/api/admin/export/store-size', { signal }),
};

import type { FastifyInstance } from 'fastify';
import type { DownloadItem } from '../src/shared/orders/downloads-schema';

/** One line of the buyer's download library, as the downloads page reads it. */
export async function downloadLibraryItem(app: FastifyInstance, cookie: string, itemId: number): Promise<DownloadItem> {
  const library = await app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie } });
  return library
    .json<{ orders: Array<{ items: DownloadItem[] }> }>()
    .orders.flatMap((order) => order.items)
    .find((item) => item.itemId === itemId)!;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { storeArchiveSizeSchema, type StoreArchiveSize } from '#shared/store-export/store-export-schema.ts';
import type { Database } from '../../db/schema';
import { openStoreArchive, type ArchiveSources } from '../../operations/store-archive/store-archive';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { requireAdmin } from '../auth';
import { shopifyProductsCsv } from './shopify-products-csv';

export interface StoreExportDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  privateStore: StorageProvider;
  /** The store's public address: the CSV's picture addresses are absolute, for Shopify to fetch. */
  publicUrl: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The owner's ways out (decision 0062): the catalogue as Shopify's products CSV, and the whole store as one ZIP
 * that `npm run import-store` loads into an empty store. Both are streamed; the ZIP's size is told before.
 */
export function storeExportRoutes(deps: StoreExportDeps): FastifyPluginAsyncZod {
  const sources: ArchiveSources = { db: deps.db, stores: { public: deps.publicStore, private: deps.privateStore } };
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/api/admin/export/products.csv', async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="products-${day(new Date())}.csv"`)
        .send(shopifyProductsCsv(deps.db, deps.publicUrl)),
    );

    app.get(
      '/api/admin/export/store-size',
      { schema: { response: { 200: storeArchiveSizeSchema } } },
      async (): Promise<StoreArchiveSize> => {
        // The same archive the download makes, measured and not sent: its tables are read again at the download.
        const archive = await openStoreArchive(sources);
        archive.stream.destroy();
        const { manifest } = archive;
        return {
          bytes: archive.bytes,
          tables: manifest.tables.length,
          rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
          files: manifest.files.public.count + manifest.files.private.count,
          migration: manifest.migration,
        };
      },
    );

    app.get('/api/admin/export/store.zip', async (_request, reply) => {
      const archive = await openStoreArchive(sources);
      // An owner who cancels: the archive's reads stop and its table files go (Fastify ends a stream it sends on a
      // finished response, not on one cut short).
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) archive.stream.destroy();
      });
      return reply
        .type('application/zip')
        .header('Content-Length', String(archive.bytes))
        .header('Content-Disposition', `attachment; filename="store-${day(new Date())}.zip"`)
        .send(archive.stream);
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StoreSettings } from '../../../shared/store-settings';
import { storeSettingsSchema } from '../../../shared/store-settings-schema';
import type { Config } from '../../config';

export function storeSettingsOf(config: Config): StoreSettings {
  return {
    storeName: config.storeName,
    license: config.license,
    refundPolicy: config.refundPolicy,
    supportEmail: config.contactEmail ?? null,
  };
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: storeSettingsSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return storeSettingsOf(app.config);
  });
};

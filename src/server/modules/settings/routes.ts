import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeSettingsSchema } from '#shared/store/store-settings-schema.ts';
import type { Config } from '../../config';
import { storeSettingsOf } from './service';

export function settingsRoutes({ config }: { config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings',
      { schema: { response: { 200: storeSettingsSchema } }, config: { sharedAnswer: 'everyone' } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return storeSettingsOf(config);
      },
    );
  };
}

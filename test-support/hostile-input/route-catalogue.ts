import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface CapturedRoute {
  method: string;
  /** The path as registered, e.g. '/api/artworks/:id' or '/api/downloads/file/*'. */
  url: string;
  schema: FastifySchema | undefined;
}

/**
 * Runs `build` and records every route the Fastify instances it creates register, as Fastify itself reports them
 * (its `fastify.initialization` channel, then each instance's `onRoute` hook): a route added to the app later is
 * in the list without anyone remembering to add it.
 */
export async function captureRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: CapturedRoute[] }> {
  const routes = new Map<string, CapturedRoute>();
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat())
      routes.set(`${method} ${route.url}`, { method, url: route.url, schema: route.schema });
  };
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', record);
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  try {
    const result = await build();
    return {
      result,
      routes: [...routes.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)),
    };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
}

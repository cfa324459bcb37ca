import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AnswerCache } from './answer-cache';
import { CatalogVersion, isOwnerChange } from './catalog-version';

/**
 * Ties the kept answers to the catalogue's version, which every instance polls from the database. An owner's change
 * drops every kept answer; what background work lands only makes stale those that show it: a palette every answer,
 * room mockups the artworks' own pages (answer-cache.ts, decision 0079). Answers the version the app bumps.
 */
export function keptAnswersFollowCatalog(
  app: FastifyInstance,
  db: Kysely<Database>,
  cache: AnswerCache,
): CatalogVersion {
  const catalogVersion = new CatalogVersion(db, app.log);
  catalogVersion.onChange((change) => {
    if (change === 'owner') cache.clear();
    else cache.markStale(change === 'mockups' ? 'artwork-pages' : 'everything');
  });
  // Before the owner's change is answered, so the owner's next look at the shop already shows it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isOwnerChange(request)) await catalogVersion.bump();
    return payload;
  });
  return catalogVersion;
}

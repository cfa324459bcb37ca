import type { Kysely } from 'kysely';
import type { OwnerMockups } from '#shared/catalogue/artwork-write-schema.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { parseStoredMockups } from './mockup-files';
import { findMockupJob, mockupSourceOf } from './mockup-repository';
import { isMockupScene } from './scenes';

/** The room mockups as the owner's form shows them: the choices, the scenes made, and how their making goes. */
export async function ownerMockupsOf(
  db: Kysely<Database>,
  row: Pick<
    ArtworkRow,
    'id' | 'images' | 'mockups' | 'mockups_source' | 'mockups_enabled' | 'first_mockup_scene' | 'social_image'
  >,
): Promise<OwnerMockups> {
  const source = mockupSourceOf(row.images);
  const current = source !== null && row.mockups_source === source;
  const job = await findMockupJob(db, row.id);
  const status: OwnerMockups['status'] = job?.status ?? (source === null ? 'none' : current ? 'ready' : 'queued');
  return {
    enabled: row.mockups_enabled === 1,
    firstScene: isMockupScene(row.first_mockup_scene) ? row.first_mockup_scene : null,
    socialImage: row.social_image === 'mockup' ? 'mockup' : 'picture',
    status,
    error: job?.status === 'failed' ? job.last_error : null,
    scenes: current ? parseStoredMockups(row.mockups).filter((mockup) => isMockupScene(mockup.scene)) : [],
  };
}

// What the database says about an artwork's print pack: which worker holds it and how far it got. The owner's API
// shows the progress but not the claim, and the claim is what tells which instance is making the pack.
import pg from 'pg';

export interface PackFacts {
  /** Generations of the artwork's pack (a generation is a job). */
  generations: number;
  /** The newest generation's. */
  status: string | null;
  /** `${hostname}-${pid}-…` of the worker holding it; null when nobody does. */
  claimedBy: string | null;
  files: Array<{ ratio: string; status: string; fileKey: string | null; width: number | null; height: number | null }>;
}

/** One connection for a scenario's many looks at the pack (it polls every 50 ms while it waits). */
export async function packWatcher(databaseUrl: string): Promise<{
  facts(artworkId: number): Promise<PackFacts>;
  close(): Promise<void>;
}> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async facts(artworkId) {
      const packs = await client.query<{ id: number; status: string; claimed_by: string | null }>(
        'select id, status, claimed_by from print_packs where artwork_id = $1 order by id desc',
        [artworkId],
      );
      const newest = packs.rows[0];
      const files = newest
        ? await client.query<{
            ratio: string;
            status: string;
            file_key: string | null;
            width: number | null;
            height: number | null;
          }>(
            `select ratio, status, file_key, width, height from print_pack_files
             where pack_id = $1 and format = 'jpeg' order by id`,
            [newest.id],
          )
        : { rows: [] };
      return {
        generations: packs.rows.length,
        status: newest?.status ?? null,
        claimedBy: newest?.claimed_by ?? null,
        files: files.rows.map((file) => ({
          ratio: file.ratio,
          status: file.status,
          fileKey: file.file_key,
          width: file.width,
          height: file.height,
        })),
      };
    },
    close: () => client.end(),
  };
}

/** The pid a claim names: the worker id is `${hostname}-${pid}-${random hex}` (pack-worker.ts). */
export function pidOfClaim(claimedBy: string): number | null {
  const match = /-(\d+)-[0-9a-f]+$/.exec(claimedBy);
  return match ? Number(match[1]) : null;
}

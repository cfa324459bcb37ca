// A broadcast scenario's rows in the cluster's PostgreSQL schema: the list it is sent to, written as the mailing
// list keeps confirmed subscribers (a list of thousands is not signed up through mail in a test), and who holds
// the broadcast's claim, which the API does not tell.
import { withClient } from './database';
import { CONSENT_WORDING } from '../../src/shared/mailing/consent-kinds';

/** Confirmed `news` subscribers, one statement for the whole list (the addresses go as one array parameter). */
export async function insertNewsSubscribers(databaseUrl: string, emails: readonly string[]): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const now = new Date().toISOString();
    const result = await client.query(
      `insert into mail_consents (email, user_id, kind, status, source, wording, consented_at, confirmed_at)
       select lower(address), null, 'news', 'confirmed', 'footer', $2, $3, $3 from unnest($1::text[]) as address`,
      [emails, CONSENT_WORDING.news, now],
    );
    return result.rowCount ?? 0;
  });
}

export interface BroadcastClaim {
  /** The worker id (`host-pid-random`, worker-id.ts) holding the claim, or null between turns. */
  worker: string | null;
  /** The process id in it, to match an instance. */
  pid: number | null;
  /** Whether the claim is still unexpired by the database's clock. */
  live: boolean;
}

export async function broadcastClaim(databaseUrl: string, broadcastId: number): Promise<BroadcastClaim> {
  return withClient(databaseUrl, async (client) => {
    const rows = await client.query<{ claimed_by: string | null; live: boolean | null }>(
      `select claimed_by, claimed_until::timestamptz > now() as live from broadcasts where id = $1`,
      [broadcastId],
    );
    const row = rows.rows[0];
    const worker = row?.claimed_by ?? null;
    // The host name may hold dashes: the pid is the next-to-last part.
    const pid = worker ? Number(worker.split('-').at(-2)) : null;
    return { worker, pid: Number.isInteger(pid) ? pid : null, live: row?.live === true };
  });
}

// What the database's mail queue holds for some addresses: the proof that a message waits there while the mail
// server is down, rather than being lost.
import pg from 'pg';

export interface QueuedMail {
  to: string;
  kind: string;
  attempts: number;
  sent: boolean;
  lastError: string | null;
}

export async function queuedMail(databaseUrl: string, addresses: string[]): Promise<QueuedMail[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{
      to_address: string;
      kind: string;
      attempts: number;
      sent_at: Date | null;
      last_error: string | null;
    }>(
      'select to_address, kind, attempts, sent_at, last_error from mail_queue where to_address = any($1) order by id',
      [addresses],
    );
    return rows.rows.map((row) => ({
      to: row.to_address,
      kind: row.kind,
      attempts: row.attempts,
      sent: row.sent_at !== null,
      lastError: row.last_error,
    }));
  } finally {
    await client.end();
  }
}

import type { Kysely } from 'kysely';
import type { ContactMessageInput } from '#shared/store/contact-schema.ts';
import type { Database } from '../../db/schema';

export async function insertContactMessage(
  db: Kysely<Database>,
  message: ContactMessageInput,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...message, created_at: now.toISOString(), mailed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markContactMessageMailed(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('contact_messages').set({ mailed_at: now.toISOString() }).where('id', '=', id).execute();
}

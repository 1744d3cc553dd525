import type { ContactMessage, ContactMessageInput } from '@toolvault/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Tables } from './schema';

export interface ContactRepo {
  insert(message: ContactMessageInput, now: Date): Promise<ContactMessage>;
  listNewestFirst(): Promise<ContactMessage[]>;
}

const COLUMNS = ['id', 'name', 'email', 'subject', 'message', 'created_at'] as const;

export function createContactRepo(db: Kysely<Tables>): ContactRepo {
  return {
    async insert({ name, email, subject, message }, now) {
      const row = await db
        .insertInto('contact_messages')
        .values({ name, email, subject, message, created_at: now.toISOString() })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toContactMessage(row);
    },
    listNewestFirst: async () =>
      (
        await db
          .selectFrom('contact_messages')
          .select(COLUMNS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map(toContactMessage),
  };
}

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
  };
}

import type { ContactCursor, ContactMessage, ContactMessageInput } from '@toolvault/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Tables } from './schema';

export interface ContactRepo {
  insert(message: ContactMessageInput, now: Date): Promise<ContactMessage>;
  listNewestFirst(): Promise<ContactMessage[]>;
  /**
   * Up to `limit` messages older than `after` (newest first: created_at, then id), read by a keyset on
   * the (created_at, id) index, so page 1000 costs what page 1 does; and how many there are in all.
   */
  page(options: {
    after?: ContactCursor | undefined;
    limit: number;
  }): Promise<{ items: ContactMessage[]; total: number }>;
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
    async page({ after, limit }) {
      let query = db
        .selectFrom('contact_messages')
        .select(COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        query.execute(),
        db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toContactMessage), total: Number(count.total) };
    },
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

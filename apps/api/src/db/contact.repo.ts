import type { ContactMessage, ContactMessageInput } from '@toolvault/shared';
import type { Db } from './database';

export interface ContactRepo {
  insert(message: ContactMessageInput, now: Date): ContactMessage;
  listNewestFirst(): ContactMessage[];
}

interface ContactRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

const COLUMNS = 'id, name, email, subject, message, created_at';

export function createContactRepo(db: Db): ContactRepo {
  const insert = db.prepare<ContactMessageInput & { createdAt: string }, ContactRow>(
    `INSERT INTO contact_messages (name, email, subject, message, created_at)
     VALUES (@name, @email, @subject, @message, @createdAt)
     RETURNING ${COLUMNS}`,
  );
  const list = db.prepare<[], ContactRow>(`SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC`);
  return {
    insert({ name, email, subject, message }, now) {
      const row = insert.get({ name, email, subject, message, createdAt: now.toISOString() });
      if (!row) throw new Error('INSERT ... RETURNING returned no row');
      return toContactMessage(row);
    },
    listNewestFirst: () => list.all().map(toContactMessage),
  };
}

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
  };
}

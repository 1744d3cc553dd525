import {
  encodeContactCursor,
  type ContactListQuery,
  type ContactMessage,
  type ContactMessageInput,
  type ContactMessagePage,
} from '@toolvault/shared';
import type { ContactRepo } from '../db/contact.repo';
import type { Clock } from '../lib/clock';

export interface ContactService {
  submit(input: ContactMessageInput): Promise<ContactMessage>;
  listNewestFirst(): Promise<ContactMessage[]>;
  /** One page of the inbox, newest first, with the cursor of the next (older) page. */
  page(query: ContactListQuery): Promise<ContactMessagePage>;
}

export function createContactService({ contact, clock }: { contact: ContactRepo; clock: Clock }): ContactService {
  return {
    submit: (input) => contact.insert(input, clock()),
    listNewestFirst: () => contact.listNewestFirst(),
    async page({ cursor, limit }) {
      // One more than asked tells whether an older page exists, without a second query.
      const { items, total } = await contact.page({ after: cursor, limit: limit + 1 });
      const shown = items.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown,
        nextCursor:
          items.length > limit && last ? encodeContactCursor({ createdAt: last.createdAt, id: last.id }) : null,
        total,
      };
    },
  };
}

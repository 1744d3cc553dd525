import type { ContactMessage, ContactMessageInput } from '@toolvault/shared';
import type { ContactRepo } from '../db/contact.repo';
import type { Clock } from './clock';

export interface ContactService {
  submit(input: ContactMessageInput): Promise<ContactMessage>;
  listNewestFirst(): Promise<ContactMessage[]>;
}

export function createContactService({ contact, clock }: { contact: ContactRepo; clock: Clock }): ContactService {
  return {
    submit: (input) => contact.insert(input, clock()),
    listNewestFirst: () => contact.listNewestFirst(),
  };
}

import { MAX_STORED_INTEGER } from './storage-limits';

/** Length caps for the contact form; the original design has none, so these are ours (docs/decisions/0002-server-enforces-rules.md). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Messages per page of the admin's inbox, and the most a client may ask for. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_PAGE_SIZE_MAX = 100;

/** Where the next page of the inbox starts: the last message shown (newest first: time, then id). */
export interface ContactCursor {
  createdAt: string;
  id: number;
}

/**
 * A cursor as this API writes it: the message's time, `~`, its id. Ids stop at 15 digits, so every
 * one the pattern admits is a safe integer and the pattern alone says what a cursor is.
 */
export const CONTACT_CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([1-9]\d{0,14})$/;

/** The cursor's text: `<time>~<id>` (`2025-03-15T12:00:00.000Z~42`), URL-safe as it stands. */
export function encodeContactCursor({ createdAt, id }: ContactCursor): string {
  return `${createdAt}~${id}`;
}

/** The cursor inside `text`, or null when it is not one this API wrote. */
export function decodeContactCursor(text: string): ContactCursor | null {
  const match = CONTACT_CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  // No message has a larger id, so this API never wrote such a cursor.
  return id <= MAX_STORED_INTEGER ? { createdAt: match[1] ?? '', id } : null;
}

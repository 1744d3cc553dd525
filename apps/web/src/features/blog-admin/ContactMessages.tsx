import type { ContactMessage } from '@toolvault/shared';
import { Mail } from 'lucide-react';
import { useMemo } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { Loadable } from '../blog/use-api-load';
import { newestFirst } from './blog-admin.service';

function formatReceived(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Messages sent with the contact form (GET /api/contact), newest first. */
export function ContactMessages({ messages }: { messages: Loadable<ContactMessage[]> }) {
  const sorted = useMemo(() => (messages.status === 'ready' ? newestFirst(messages.data) : []), [messages]);
  return (
    <Card className="mt-8">
      <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
        <Mail aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        Contact Messages
      </h2>
      <div className="mt-4">
        {messages.status === 'loading' ? (
          <p role="status" className={ui.muted}>
            Loading...
          </p>
        ) : messages.status === 'error' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Failed to load contact messages
          </p>
        ) : sorted.length === 0 ? (
          <p className={ui.muted}>No contact messages yet.</p>
        ) : (
          <ul className="grid gap-4">
            {sorted.map((message) => (
              <li key={message.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <article aria-labelledby={`contact-${message.id}`}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3
                      id={`contact-${message.id}`}
                      className="font-semibold break-words text-slate-900 dark:text-white"
                    >
                      {message.subject}
                    </h3>
                    <time dateTime={message.createdAt} className={ui.muted}>
                      {formatReceived(message.createdAt)}
                    </time>
                  </div>
                  <p className={`mt-1 break-words ${ui.muted}`}>
                    From {message.name} (
                    <a
                      href={`mailto:${message.email}`}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {message.email}
                    </a>
                    )
                  </p>
                  <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                    {message.message}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

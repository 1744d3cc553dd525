import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ContactMessagePage } from '@toolvault/shared';
import { LoaderCircle, Mail } from 'lucide-react';
import { useMemo } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { newestFirst } from './blog-admin.service';
import { formatCount } from '../../lib/format';

function formatReceived(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Messages sent with the contact form (GET /api/contact), newest first, one page at a time: the first
 * page comes with the screen, "Load more" appends the next older one (the inbox may hold thousands).
 */
export function ContactMessages({
  messages,
}: {
  messages: UseInfiniteQueryResult<InfiniteData<ContactMessagePage, unknown>>;
}) {
  const pages = messages.data?.pages;
  const first = pages?.[0] ?? null;
  // A message may move to the next page while pages are read (a new one arrived): each is shown once.
  const sorted = useMemo(() => {
    const byId = new Map((pages ?? []).flatMap((page) => page.items).map((message) => [message.id, message]));
    return newestFirst([...byId.values()]);
  }, [pages]);
  const loading = messages.isFetchingNextPage;
  const more = () => {
    if (messages.hasNextPage && !loading) void messages.fetchNextPage();
  };
  return (
    <Card className="mt-8">
      <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
        <Mail aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        Contact Messages
      </h2>
      <div className="mt-4">
        {messages.status === 'pending' ? (
          <p role="status" className={ui.muted}>
            Loading...
          </p>
        ) : !first ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Failed to load contact messages
          </p>
        ) : sorted.length === 0 ? (
          <p className={ui.muted}>No contact messages yet.</p>
        ) : (
          <>
            <p className={ui.muted} role="status">
              Showing {formatCount(sorted.length)} of {formatCount(first?.total ?? 0)}{' '}
              {first?.total === 1 ? 'message' : 'messages'}
            </p>
            <ul className="mt-4 grid gap-4">
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
            {messages.isFetchNextPageError ? (
              <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
                Failed to load more messages
              </p>
            ) : null}
            {messages.hasNextPage ? (
              <button type="button" className={`mt-4 ${ui.buttonSecondary}`} disabled={loading} onClick={more}>
                {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                {loading ? 'Loading...' : 'Load more'}
              </button>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}

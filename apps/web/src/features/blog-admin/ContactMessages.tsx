import type { ContactMessage, ContactMessagePage } from '@toolvault/shared';
import { LoaderCircle, Mail } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { ApiResult } from '../../lib/api';
import type { Loadable } from '../blog/use-api-load';
import { newestFirst } from './blog-admin.service';

function formatReceived(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Older pages loaded with "Load more" after `base`, the first page they follow. */
interface OlderPages {
  base: ContactMessagePage;
  items: ContactMessage[];
  cursor: string | null;
}

/**
 * Messages sent with the contact form (GET /api/contact), newest first, one page at a time: the first
 * page comes with the screen, "Load more" appends the next older one (the inbox may hold thousands).
 */
export function ContactMessages({
  messages,
  loadMore,
}: {
  messages: Loadable<ContactMessagePage>;
  /** The page after `cursor`; null when the session ended (the screen is leaving). */
  loadMore: (cursor: string) => Promise<ApiResult<ContactMessagePage> | null>;
}) {
  const [older, setOlder] = useState<OlderPages | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const first = messages.status === 'ready' ? messages.data : null;
  // Pages loaded after an earlier first page belong to it: a reload starts from the new first page.
  const current = older && older.base === first ? older : null;
  const sorted = useMemo(() => {
    if (!first) return [];
    const byId = new Map([...first.items, ...(current?.items ?? [])].map((message) => [message.id, message]));
    return newestFirst([...byId.values()]);
  }, [first, current]);
  const cursor = current ? current.cursor : (first?.nextCursor ?? null);

  const more = async () => {
    if (!first || !cursor) return;
    setLoading(true);
    setFailed(false);
    const result = await loadMore(cursor);
    setLoading(false);
    if (!result) return;
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setOlder({ base: first, items: [...(current?.items ?? []), ...result.data.items], cursor: result.data.nextCursor });
  };
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
          <>
            <p className={ui.muted} role="status">
              Showing {sorted.length.toLocaleString('en-US')} of {(first?.total ?? 0).toLocaleString('en-US')}{' '}
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
            {failed ? (
              <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
                Failed to load more messages
              </p>
            ) : null}
            {cursor ? (
              <button
                type="button"
                className={`mt-4 ${ui.buttonSecondary}`}
                disabled={loading}
                onClick={() => void more()}
              >
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

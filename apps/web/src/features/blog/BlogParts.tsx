import { Tag } from 'lucide-react';
import { safeCoverUrl } from './blog.service';

/** A post's tags as small badges; nothing for none. */
export function TagBadges({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
        >
          <Tag aria-hidden="true" className="size-3" />
          {tag}
        </li>
      ))}
    </ul>
  );
}

/**
 * A post's cover: loaded lazily, and only from an http(s) address — any other
 * value shows nothing and makes no request (docs/decisions/0007-privacy.md).
 */
export function CoverImage({
  url,
  title,
  className = '',
  eager = false,
}: {
  url: string | null | undefined;
  title: string;
  className?: string;
  eager?: boolean;
}) {
  const src = safeCoverUrl(url);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={`Cover of “${title}”`}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      referrerPolicy="no-referrer"
      className={`w-full bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}

/** The "Draft" / "Published" badge of the admin list and of a draft opened by an admin. */
export function PublishedBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
      Published
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      Draft
    </span>
  );
}

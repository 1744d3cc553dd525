import type { BlogPost } from '@toolvault/shared';
import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { formatPostDate, postTags } from '../blog/blog.service';
import { CoverImage, PublishedBadge, TagBadges } from '../blog/BlogParts';
import type { Loadable } from '../blog/use-api-load';
import { ADMIN_MESSAGES, authorText, categoryText, viewsText } from './blog-admin.service';
import { smallButton, smallDangerButton } from './CategoryPanel';

/**
 * All Posts (spec 001 §2) with a Loading... indicator and error text; each
 * card shows title, /slug, Edit, Delete, author, category, views, created
 * date, tags, cover image, and whether it is a draft.
 */
export function PostList({
  posts,
  editingId,
  onEdit,
  onDelete,
}: {
  posts: Loadable<BlogPost[]>;
  editingId: number | null;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}) {
  return (
    <Card>
      <h2 id="admin-posts-heading" tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
        All Posts
      </h2>
      <div className="mt-4">
        {posts.status === 'loading' ? (
          <p role="status" className={`flex items-center gap-2 ${ui.muted}`}>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Loading...
          </p>
        ) : posts.status === 'error' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {ADMIN_MESSAGES.loadPosts}
          </p>
        ) : posts.data.length === 0 ? (
          <p className={ui.muted}>No posts found.</p>
        ) : (
          <ul className="grid gap-4" aria-labelledby="admin-posts-heading">
            {posts.data.map((post) => (
              <li
                key={post.id}
                className={`flex flex-col gap-4 rounded-lg border p-4 sm:flex-row ${
                  editingId === post.id
                    ? 'border-indigo-500 dark:border-indigo-400'
                    : 'border-slate-200 dark:border-slate-800'
                }`}
              >
                <CoverImage url={post.cover_image} title={post.title} className="h-24 rounded-md sm:w-36 sm:shrink-0" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words text-slate-900 dark:text-white">{post.title}</h3>
                      <Link
                        to={`/blog/${encodeURIComponent(post.slug)}`}
                        className="font-mono text-xs break-all text-indigo-700 hover:underline dark:text-indigo-300"
                      >
                        /{post.slug}
                      </Link>
                    </div>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Edit ${post.title}`}
                        onClick={() => onEdit(post)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </button>
                      <button
                        id={`delete-post-${post.id}`}
                        type="button"
                        className={smallDangerButton}
                        aria-label={`Delete ${post.title}`}
                        onClick={() => onDelete(post)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </button>
                    </div>
                  </div>
                  <p className={`mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 ${ui.muted}`}>
                    <PublishedBadge published={Boolean(post.published)} />
                    <span>{authorText(post)}</span>
                    <span>{categoryText(post)}</span>
                    <span>{viewsText(post)}</span>
                    <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
                  </p>
                  <div className="mt-2">
                    <TagBadges tags={postTags(post)} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

import type { BlogPostPage, BlogPostSummary } from '@toolvault/shared';
import { BLOG_SEARCH_MAX } from '@toolvault/shared';
import { LoaderCircle, Pencil, Search, Trash2 } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { formatPostDate, postTags } from '../blog/blog.service';
import { CoverImage, PublishedBadge, TagBadges } from '../blog/BlogParts';
import { mayChange, type BlogAccess } from './blog-admin-access';
import { ADMIN_MESSAGES, authorText, categoryText, viewsText } from './blog-admin.service';
import { smallButton, smallDangerButton } from './CategoryPanel';
import { formatCount } from '../../lib/format';
import { usePeopleChoices, type PersonChoice } from '../team/people-choices';

/**
 * All Posts with a Loading... indicator and error text, one page at a time, with a title
 * search and (for a role that sees every post) a filter by writer; each card shows title, /slug,
 * Edit and Delete (when the role may change it), author, who wrote and last changed it, category,
 * views, created date, tags, cover image, and whether it is a draft.
 */
export function PostList({
  posts,
  access,
  search,
  writer,
  onWriter,
  page,
  editingId,
  onEdit,
  onDelete,
  onSearch,
  onPage,
}: {
  posts: UseQueryResult<BlogPostPage>;
  access: BlogAccess;
  /** The title search shown (from the address). */
  search: string;
  /** Whose posts: everyone's, the person's own, or one person's (from the address). */
  writer: PersonChoice;
  onWriter: (writer: PersonChoice) => void;
  page: number;
  editingId: number | null;
  onEdit: (post: BlogPostSummary) => void;
  onDelete: (post: BlogPostSummary) => void;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <Card>
      <h2 id="admin-posts-heading" tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
        {access.readAll ? 'All Posts' : 'Your Posts'}
      </h2>
      <div className="grid items-end gap-x-4 sm:grid-cols-[minmax(0,1fr)_auto]">
        <SearchForm key={search} initial={search} onSearch={onSearch} />
        {/* Someone who sees only their own posts has nobody else's to filter out. */}
        {access.readAll ? <WriterFilter writer={writer} withPeople={access.people} onWriter={onWriter} /> : null}
      </div>
      {posts.status === 'success' ? (
        <p role="status" className={`mt-3 ${ui.muted}`}>
          {countText(posts.data, search)}
        </p>
      ) : null}
      <div className="mt-4">
        {posts.status === 'pending' ? (
          <p role="status" className={`flex items-center gap-2 ${ui.muted}`}>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Loading...
          </p>
        ) : posts.status === 'error' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {ADMIN_MESSAGES.loadPosts}
          </p>
        ) : posts.data.items.length === 0 ? (
          <p className={ui.muted}>{search ? `No posts with “${search}” in the title.` : 'No posts found.'}</p>
        ) : (
          <>
            <ul className="grid gap-4" aria-labelledby="admin-posts-heading">
              {posts.data.items.map((post) => (
                <li
                  key={post.id}
                  className={`flex flex-col gap-4 rounded-lg border p-4 sm:flex-row ${
                    editingId === post.id
                      ? 'border-indigo-500 dark:border-indigo-400'
                      : 'border-slate-200 dark:border-slate-800'
                  }`}
                >
                  <CoverImage
                    url={post.cover_image}
                    title={post.title}
                    className="h-24 rounded-md sm:w-36 sm:shrink-0"
                  />
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
                      {mayChange(access, post) ? (
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
                      ) : null}
                    </div>
                    <p className={`mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 ${ui.muted}`}>
                      <PublishedBadge published={Boolean(post.published)} />
                      <span>{authorText(post)}</span>
                      <MadeBy post={post} />
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
            <Pager page={page} count={posts.data.pageCount} onPage={onPage} />
          </>
        )}
      </div>
    </Card>
  );
}

/** Who wrote the post (when it differs from the byline) and who changed it last, for the team. */
function MadeBy({ post }: { post: BlogPostSummary }) {
  const writer = post.authored_by;
  return (
    <>
      {writer && writer.name !== post.author ? <span>Written by {writer.name}</span> : null}
      {post.updated_by ? <span>Changed by {post.updated_by.name}</span> : null}
    </>
  );
}

/** Everyone's posts, one's own (`?by=me`) or one person's (`?by=<id>`), named from the team when it may be read. */
function WriterFilter({
  writer,
  withPeople,
  onWriter,
}: {
  writer: PersonChoice;
  withPeople: boolean;
  onWriter: (writer: PersonChoice) => void;
}) {
  const id = useId();
  const { choices, labels } = usePeopleChoices(withPeople, writer);
  return (
    <div className="mt-4">
      <label htmlFor={id} className={ui.label}>
        Written by
      </label>
      <select
        id={id}
        value={writer}
        onChange={(event) => onWriter(event.target.value as PersonChoice)}
        className={ui.input}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

function countText({ total }: BlogPostPage, search: string): string {
  const posts = `${formatCount(total)} ${total === 1 ? 'post' : 'posts'}`;
  return search ? `${posts} with “${search}” in the title` : posts;
}

/** Searches titles when submitted (Enter or the button); an empty search shows every post again. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="mt-4 flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="admin-post-search" className="sr-only">
        Search posts by title
      </label>
      <input
        id="admin-post-search"
        type="search"
        className={`${ui.input} min-w-0 flex-1`}
        placeholder="Search by title"
        maxLength={BLOG_SEARCH_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={ui.buttonSecondary}>
        <Search aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}

/** Previous / Next with "Page X of Y"; the page lives in the address (?page=). */
function Pager({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  if (count <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Post pages" className="mt-4 flex flex-wrap items-center gap-3">
      <button type="button" className={smallButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className={ui.muted}>
        Page {page} of {count}
      </span>
      <button type="button" className={smallButton} disabled={page >= count} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

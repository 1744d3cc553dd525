import {
  CATEGORY_PARAM,
  PAGE_PARAM,
  pageFromParam,
  RSS_FEED_PATH,
  type BlogPostPage,
  type BlogPostSummary,
  type Category,
} from '@toolvault/shared';
import { ChevronLeft, ChevronRight, Eye, LoaderCircle, Rss, TrendingUp } from 'lucide-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { OfflineNotice } from '../../components/OfflineNotice';
import {
  blogPageHref,
  categoryHref,
  findCategory,
  formatPostDate,
  pagerNumbers,
  postTags,
  viewsLabel,
} from './blog.service';
import { QueryProvider } from '../../lib/query';
import { categoriesQuery, popularPostsQuery, postPageQuery } from './blog.queries';
import { CoverImage, TagBadges } from './BlogParts';
import { formatCount } from '../../lib/format';

/** Messages of the blog list, verbatim as designed. */
const FAILED_POSTS = 'Failed to load blog posts';
const FAILED_CATEGORIES = 'Failed to load categories';

const linkClass =
  'rounded font-medium text-indigo-700 hover:text-indigo-900 hover:underline dark:text-indigo-300 dark:hover:text-indigo-200';

/**
 * /blog: one page of published posts (?page=, ten a page) with a category filter (?category=slug), the
 * categories and the popular posts. The server cuts each card's excerpt, filters and
 * counts, so the page holds ten cards however many posts there are.
 */
export default function BlogListPage() {
  return (
    <QueryProvider>
      <BlogList />
    </QueryProvider>
  );
}

/** What a query gives the screen: its state and, once loaded, its data. */
type Loaded<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

/** A query's state as a value that changes only when its state or data does. */
function useLoaded<T>(query: UseQueryResult<T>): Loaded<T> {
  const { status, data } = query;
  return useMemo(() => (status === 'success' ? { status, data } : { status }), [status, data]);
}

/** Everything the screen shows, taken together so that it renders in one pass. */
interface BlogView {
  page: number;
  slug: string | null;
  posts: Loaded<BlogPostPage>;
  popular: Loaded<BlogPostPage>;
  categories: Loaded<Category[]>;
}

function BlogList() {
  const [params] = useSearchParams();
  const slug = params.get(CATEGORY_PARAM) || null;
  const page = pageFromParam(params.get(PAGE_PARAM));
  // The page lives in the address (?page=), so each page is its own query: links can be shared and reloaded.
  const posts = useQuery(postPageQuery({ page, category: slug }));
  const popular = useQuery(popularPostsQuery());
  const categories = useQuery(categoriesQuery());
  const { refetch: refetchPosts } = posts;
  const { refetch: refetchPopular } = popular;
  const { refetch: refetchCategories } = categories;
  const reloadPosts = useCallback(() => void refetchPosts(), [refetchPosts]);
  const reloadAll = useCallback(() => {
    void refetchPosts();
    void refetchPopular();
    void refetchCategories();
  }, [refetchPosts, refetchPopular, refetchCategories]);

  const postsView = useLoaded(posts);
  const popularView = useLoaded(popular);
  const categoriesView = useLoaded(categories);
  const view = useMemo(
    () => ({ page, slug, posts: postsView, popular: popularView, categories: categoriesView }),
    [page, slug, postsView, popularView, categoriesView],
  );
  // A query's answer re-renders its readers at once and in one piece (TanStack Query reads through
  // useSyncExternalStore), which for ten cards and the sidebar is a long task on a slow phone. The
  // screen follows a deferred copy instead: React renders it in slices it can interrupt, and
  // answers that arrive close together show in one render.
  return <BlogScreen view={useDeferredValue(view)} reloadPosts={reloadPosts} reloadAll={reloadAll} />;
}

const BlogScreen = memo(function BlogScreen({
  view,
  reloadPosts,
  reloadAll,
}: {
  view: BlogView;
  reloadPosts: () => void;
  reloadAll: () => void;
}) {
  const { page, slug, posts, popular, categories } = view;
  const categoryList = useMemo(() => (categories.status === 'success' ? categories.data : []), [categories]);
  const active = findCategory(categoryList, slug);
  const heading = slug ? `Posts in ${active?.name ?? slug}` : 'Latest Posts';
  const pageTitle = `${active ? `${active.name} — Blog` : 'Blog'}${page > 1 ? ` (page ${page})` : ''}`;

  return (
    <Page title={pageTitle} description="Articles on security, encoding and image tools.">
      <link rel="alternate" type="application/rss+xml" title="Toolvault Blog" href={RSS_FEED_PATH} />
      <OfflineNotice what="The blog" onRetry={reloadAll} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className={ui.heading}>Blog</h1>
          <p className={`mt-2 ${ui.muted}`}>Articles on security research, encoding and image tools.</p>
        </div>
        <a href={RSS_FEED_PATH} className={ui.buttonSecondary}>
          <Rss aria-hidden="true" className="size-4" />
          RSS
        </a>
      </div>

      <CategoryFilter categories={categoryList} active={slug} />

      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="blog-posts-heading" className="lg:col-span-2">
          <h2 id="blog-posts-heading" className={ui.subheading}>
            {heading}
          </h2>
          <p role="status" className="sr-only">
            {posts.status === 'success' ? postCountText(posts.data) : ''}
          </p>
          <div className="mt-4">
            {posts.status === 'pending' ? (
              <p className={`flex items-center gap-2 ${ui.muted}`}>
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                Loading blog posts...
              </p>
            ) : posts.status === 'error' ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
                <p>{FAILED_POSTS}</p>
                <button type="button" className={ui.buttonSecondary} onClick={reloadPosts}>
                  Try again
                </button>
              </div>
            ) : posts.data.items.length === 0 ? (
              <EmptyPage data={posts.data} category={slug} />
            ) : (
              <>
                <ul className="grid gap-6">
                  {posts.data.items.map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </ul>
                <Pager current={page} count={posts.data.pageCount} category={slug} />
              </>
            )}
          </div>
        </section>

        {/* On a phone the sidebar comes after the list: shown under the one-line loading message, it would
            be pushed down when the cards arrive (a layout shift, which cost /blog its Lighthouse score once
            there were posts). It appears with the list there; beside it, on a wide screen, it never moves. */}
        <aside
          className={`grid content-start gap-6 ${posts.status === 'pending' ? 'max-lg:hidden' : ''}`}
          aria-label="Blog sidebar"
        >
          <CategoriesCard categories={categories} active={slug} />
          {popular.status === 'success' && popular.data.items.length > 0 ? (
            <PopularPosts posts={popular.data.items} />
          ) : null}
        </aside>
      </div>
    </Page>
  );
});

/** "Page 2 of 7, 64 posts" for screen readers once a page has loaded. */
function postCountText({ page, pageCount, total }: BlogPostPage): string {
  const posts = `${formatCount(total)} ${total === 1 ? 'post' : 'posts'}`;
  return pageCount > 1 ? `Page ${page} of ${pageCount}, ${posts}` : posts;
}

/** No posts at all (or none in the category), or a page number past the last page (an old link). */
function EmptyPage({ data, category }: { data: BlogPostPage; category: string | null }) {
  if (data.total === 0) return <p className={ui.muted}>No posts found.</p>;
  return (
    <p className={ui.muted}>
      There is no page {data.page}.{' '}
      <Link to={blogPageHref(category, data.pageCount)} className={linkClass}>
        Go to the last page ({data.pageCount})
      </Link>
    </p>
  );
}

/** Previous / numbered / Next links; each is an address (?page=), so a page can be shared and reloaded. */
function Pager({ current, count, category }: { current: number; count: number; category: string | null }) {
  if (count <= 1) return null;
  const item =
    'inline-flex min-w-9 items-center justify-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium';
  const idle = `${item} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
  const here = `${item} border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950`;
  return (
    <nav aria-label="Blog pages" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {current > 1 ? (
          <li>
            <Link to={blogPageHref(category, current - 1)} className={idle} rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          </li>
        ) : null}
        {pagerNumbers(current, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600 dark:text-slate-300">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={blogPageHref(category, page)}
                className={page === current ? here : idle}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Page ${page}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {current < count ? (
          <li>
            <Link to={blogPageHref(category, current + 1)} className={idle} rel="next">
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Links that set ?category= ("All" clears it); the current one is marked for screen readers. */
function CategoryFilter({ categories, active }: { categories: readonly Category[]; active: string | null }) {
  const chip = (current: boolean) =>
    `inline-flex rounded-full border px-3 py-1 text-sm font-medium ${
      current
        ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950'
        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
    }`;
  return (
    <nav aria-label="Filter by category" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={categoryHref(null)} className={chip(!active)} aria-current={!active ? 'page' : undefined}>
            All
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryHref(category.slug)}
              className={chip(active === category.slug)}
              aria-current={active === category.slug ? 'page' : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const date = formatPostDate(post.created_at);
  const summary = post.excerpt;
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <CoverImage url={post.cover_image} title={post.title} className="aspect-[2/1]" />
      <div className="p-5">
        <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            className="rounded hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
          >
            {post.title}
          </Link>
        </h3>
        <p className={`mt-1 flex flex-wrap gap-x-2 ${ui.muted}`}>
          <span>By {post.author || 'Admin'}</span>
          {date ? (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={post.created_at}>{date}</time>
            </>
          ) : null}
          {post.category_name ? (
            <>
              <span aria-hidden="true">·</span>
              {post.category_slug ? (
                <Link to={categoryHref(post.category_slug)} className={linkClass}>
                  {post.category_name}
                </Link>
              ) : (
                <span>{post.category_name}</span>
              )}
            </>
          ) : null}
        </p>
        {summary ? <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{summary}</p> : null}
        <div className="mt-3">
          <TagBadges tags={postTags(post)} />
        </div>
      </div>
    </article>
  );
}

function CategoriesCard({ categories, active }: { categories: Loaded<Category[]>; active: string | null }) {
  return (
    <Card>
      <h2 className={ui.subheading}>Categories</h2>
      <div className="mt-3">
        {categories.status === 'pending' ? (
          <p className={ui.muted}>Loading categories...</p>
        ) : categories.status === 'error' ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {FAILED_CATEGORIES}
          </p>
        ) : categories.data.length === 0 ? (
          <p className={ui.muted}>No categories found.</p>
        ) : (
          <ul className="grid gap-3">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link
                  to={categoryHref(category.slug)}
                  className={linkClass}
                  aria-current={active === category.slug ? 'page' : undefined}
                >
                  {category.name}
                </Link>
                {category.description ? <p className={`mt-0.5 ${ui.muted}`}>{category.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The five most viewed posts (asked of the server, which reads them from an index). */
function PopularPosts({ posts: popular }: { posts: readonly BlogPostSummary[] }) {
  return (
    <Card>
      <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
        <TrendingUp aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        Popular Posts
      </h2>
      <ol className="mt-3 grid gap-3">
        {popular.map((post) => (
          <li key={post.id}>
            <Link to={`/blog/${encodeURIComponent(post.slug)}`} className={linkClass}>
              {post.title}
            </Link>
            <p className={`mt-0.5 flex items-center gap-1 ${ui.muted}`}>
              <Eye aria-hidden="true" className="size-3.5" />
              {viewsLabel(post.view_count)}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}

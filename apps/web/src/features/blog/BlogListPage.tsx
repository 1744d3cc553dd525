import type { BlogPost, Category } from '@toolvault/shared';
import { Eye, LoaderCircle, Rss, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { OfflineNotice } from '../../components/OfflineNotice';
import { blogApi } from './blog.api';
import {
  CATEGORY_PARAM,
  categoryHref,
  excerpt,
  filterPostsByCategory,
  findCategory,
  formatPostDate,
  popularPosts,
  postTags,
  viewsLabel,
} from './blog.service';
import { CoverImage, TagBadges } from './BlogParts';
import { asList, useApiLoad, type Loadable } from './use-api-load';

/** Spec 001 §8 messages of the blog list. */
const FAILED_POSTS = 'Failed to load blog posts';
const FAILED_CATEGORIES = 'Failed to load categories';

const linkClass =
  'rounded font-medium text-indigo-700 hover:text-indigo-900 hover:underline dark:text-indigo-300 dark:hover:text-indigo-200';

/** /blog: published posts with a category filter (?category=slug), the categories and popular posts (spec 001 §2). */
export default function BlogListPage() {
  const [params] = useSearchParams();
  const slug = params.get(CATEGORY_PARAM) || null;
  // Visitors' view: the list is loaded without the admin token, so drafts never show here.
  const [posts, reloadPosts] = useApiLoad('posts', async (signal) => asList(await blogApi.posts({ signal })));
  const [categories, reloadCategories] = useApiLoad('categories', async (signal) =>
    asList(await blogApi.categories({ signal })),
  );

  const categoryList = useMemo(() => (categories.status === 'ready' ? categories.data : []), [categories]);
  const active = findCategory(categoryList, slug);
  const shown = useMemo(
    () => (posts.status === 'ready' ? filterPostsByCategory(posts.data, categoryList, slug) : []),
    [posts, categoryList, slug],
  );
  const heading = slug ? `Posts in ${active?.name ?? slug}` : 'Latest Posts';

  return (
    <Page
      title={active ? `${active.name} — Blog` : 'Blog'}
      description="Articles on security, encoding and image tools."
    >
      <link rel="alternate" type="application/rss+xml" title="Toolvault Blog" href="/blog/rss.xml" />
      <OfflineNotice
        what="The blog"
        onRetry={() => {
          reloadPosts();
          reloadCategories();
        }}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className={ui.heading}>Blog</h1>
          <p className={`mt-2 ${ui.muted}`}>Articles on security research, encoding and image tools.</p>
        </div>
        <a href="/blog/rss.xml" className={ui.buttonSecondary}>
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
            {posts.status === 'ready' ? `${shown.length} ${shown.length === 1 ? 'post' : 'posts'}` : ''}
          </p>
          <div className="mt-4">
            {posts.status === 'loading' ? (
              <p className={`flex items-center gap-2 ${ui.muted}`}>
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                Loading blog posts...
              </p>
            ) : posts.status === 'error' ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {FAILED_POSTS}
              </p>
            ) : shown.length === 0 ? (
              <p className={ui.muted}>No posts found.</p>
            ) : (
              <ul className="grid gap-6">
                {shown.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} categories={categoryList} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <aside className="grid content-start gap-6" aria-label="Blog sidebar">
          <CategoriesCard categories={categories} active={slug} />
          {posts.status === 'ready' && posts.data.length > 0 ? <PopularPosts posts={posts.data} /> : null}
        </aside>
      </div>
    </Page>
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

function PostCard({ post, categories }: { post: BlogPost; categories: readonly Category[] }) {
  const category = categories.find((item) => item.id === post.category_id);
  const date = formatPostDate(post.created_at);
  const summary = excerpt(post.content);
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
              {category ? (
                <Link to={categoryHref(category.slug)} className={linkClass}>
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

function CategoriesCard({ categories, active }: { categories: Loadable<Category[]>; active: string | null }) {
  return (
    <Card>
      <h2 className={ui.subheading}>Categories</h2>
      <div className="mt-3">
        {categories.status === 'loading' ? (
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

/** Spec 001 §9: the five most viewed posts. */
function PopularPosts({ posts }: { posts: readonly BlogPost[] }) {
  const popular = popularPosts(posts);
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

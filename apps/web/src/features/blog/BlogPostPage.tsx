import { BLOG_MESSAGES, type BlogPost as BlogPostData } from '@toolvault/shared';
import { Eye, LoaderCircle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Canonical, Meta } from '../../components/Head';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, QueryProvider } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { blogApi } from './blog.api';
import { blogKeys } from './blog.queries';
import { excerpt, formatPostDate, postTags, safeCoverUrl, viewsLabel } from './blog.service';
import { CoverImage, PublishedBadge, TagBadges } from './BlogParts';
import { sanitizePostHtml } from './safe-html';
import './blog-prose.css';
import './code-theme.css';

const FAILED_POST = 'Failed to load blog post';

/**
 * An administrator's token lets the page show a draft; a token the server
 * refuses (expired) falls back to the visitors' view rather than failing.
 */
async function loadPost(slug: string, token: string | null, signal: AbortSignal) {
  const result = await blogApi.post(slug, { token, signal });
  if (!result.ok && result.error.status === 401 && token) return blogApi.post(slug, { signal });
  return result;
}

/** /blog/:slug — one post with its cover, meta line and sanitized content. */
export default function BlogPostPage() {
  return (
    <QueryProvider>
      <BlogPost />
    </QueryProvider>
  );
}

function BlogPost() {
  const { slug = '' } = useParams();
  const token = getAdminToken();
  const post = useQuery({
    queryKey: blogKeys.post(slug, token ? 'admin' : 'public'),
    queryFn: ({ signal }) => fromApi(loadPost(slug, token, signal)),
  });
  const reloadPost = () => void post.refetch();

  if (post.status === 'pending') {
    return (
      <Page title="Loading post" width="narrow">
        <BackLink label="Back to Blog" to="/blog" />
        <p role="status" className={`mt-6 flex items-center gap-2 ${ui.muted}`}>
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading post...
        </p>
      </Page>
    );
  }
  if (post.status === 'error' || !post.data || typeof post.data !== 'object') {
    // Anything but a 404 is a load that failed (offline, server error), not a post that is missing.
    const failed = post.status === 'error' && post.error.status !== 404;
    const message = failed ? FAILED_POST : BLOG_MESSAGES.postNotFound;
    return (
      <Page title={message} width="narrow">
        <Meta name="robots" content="noindex" />
        <BackLink label="Back to Blog" to="/blog" />
        <OfflineNotice what="The blog" onRetry={reloadPost} />
        <h1 className={`mt-6 ${ui.heading}`}>{message}</h1>
        <p className={`mt-3 ${ui.muted}`}>
          {failed
            ? 'Please check your connection and try again.'
            : 'The post may have been removed or is not published yet.'}
        </p>
      </Page>
    );
  }
  return <PostArticle post={post.data} />;
}

/**
 * Highlights the code blocks of the rendered content. The highlighter is fetched only for content that
 * has a code block, so a post without code (and every other page) never downloads it. If it cannot be
 * fetched (offline), the code stays readable as plain text.
 */
function useCodeHighlight(html: string) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = content.current;
    if (!root?.querySelector('pre')) return;
    let current = true;
    import('./code-highlight')
      .then(({ highlightCodeBlocks }) => {
        if (current) highlightCodeBlocks(root);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [html]);
  return content;
}

function PostArticle({ post }: { post: BlogPostData }) {
  // Sanitized again on render although the server stored it sanitized (docs/decisions/0002-server-enforces-rules.md).
  const html = useMemo(() => sanitizePostHtml(post.content), [post.content]);
  const content = useCodeHighlight(html);
  const description = useMemo(() => excerpt(post.content), [post.content]);
  const date = formatPostDate(post.created_at);
  const cover = safeCoverUrl(post.cover_image);
  const url = `${window.location.origin}/blog/${encodeURIComponent(post.slug)}`;

  return (
    <Page title={post.title} description={description || undefined} width="narrow">
      <Meta property="og:type" content="article" />
      <Meta property="og:title" content={post.title} />
      <Meta property="og:description" content={description} />
      <Meta property="og:image" content={cover} />
      <Meta property="og:url" content={url} />
      <Canonical href={url} />

      <BackLink label="Back to Blog" to="/blog" />
      <article className="mt-6">
        <header>
          {post.published ? null : (
            <p className="mb-2">
              <PublishedBadge published={false} />
            </p>
          )}
          <h1 className={`${ui.heading} break-words`}>{post.title}</h1>
          <p className={`mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 ${ui.muted}`}>
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
                <span>
                  <span className="sr-only">Category: </span>
                  {post.category_name}
                </span>
              </>
            ) : null}
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden="true" className="size-4" />
              {viewsLabel(post.view_count)}
            </span>
          </p>
          <div className="mt-3">
            <TagBadges tags={postTags(post)} />
          </div>
        </header>
        <CoverImage url={post.cover_image} title={post.title} eager className="mt-6 max-h-96 rounded-xl" />
        {/*
          Safe: sanitizePostHtml keeps only the editor's formats and http(s)/mailto/tel links; the
          highlighter then rewrites code blocks from their text only.
        */}
        <div ref={content} className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
      <div className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
        <Link
          to="/blog"
          className="text-sm font-medium text-indigo-700 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          More posts on the blog
        </Link>
      </div>
    </Page>
  );
}

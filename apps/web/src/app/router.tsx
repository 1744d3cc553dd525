/**
 * The site's routes, in React Router's declarative mode: the site has no
 * loaders or actions, and the data router would add ~20 KB gzip to every
 * first load (the home page's first-load budget, docs/decisions/0013-performance-goals.md). Pages other than home and the tools
 * are lazy chunks; a tool's own screen is lazy inside ToolRoute.
 */
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import {
  BLOG_POST_ROUTE,
  classifyPath,
  INVITE_ROUTE,
  PAGE_SEGMENTS,
  routeChunksKey,
  SHORT_CODE_ROUTE,
  type PageSegment,
} from '@toolvault/shared';
import { tools } from '../tools';
import { HomePage } from './home/HomePage';
import { Layout } from './Layout';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { NotFoundPage } from './NotFoundPage';
import { ToolRoute } from './ToolRoute';

/**
 * The lazy screen of each route, keyed by its path pattern: every page of the shared route table
 * (PAGE_SEGMENTS, which is also what short codes may never be: a page added there must get a
 * screen here, and a page has no other way in), a blog post, and a short code. The build reads
 * this table to tell the server which chunks each route loads (build/route-chunks.ts), so every
 * lazy route is declared here as `pattern: lazyScreen(() => import('…'))`, and nowhere else.
 */
const SCREENS: Record<
  PageSegment | typeof BLOG_POST_ROUTE | typeof INVITE_ROUTE | typeof SHORT_CODE_ROUTE,
  LazyScreen
> = {
  about: lazyScreen(() => import('./pages/AboutPage')),
  contact: lazyScreen(() => import('./pages/ContactPage')),
  'privacy-policy': lazyScreen(() => import('./pages/PrivacyPolicyPage')),
  'terms-of-service': lazyScreen(() => import('./pages/TermsOfServicePage')),
  blog: lazyScreen(() => import('../features/blog/BlogListPage')),
  'blog-admin': lazyScreen(() => import('../features/blog-admin/BlogAdminPage')),
  login: lazyScreen(() => import('../features/auth/LoginPage')),
  account: lazyScreen(() => import('../features/account/AccountPage')),
  audit: lazyScreen(() => import('../features/audit/AuditPage')),
  team: lazyScreen(() => import('../features/team/TeamPage')),
  webhooks: lazyScreen(() => import('../features/webhooks/WebhooksPage')),
  'blog/:slug': lazyScreen(() => import('../features/blog/BlogPostPage')),
  'invite/:token': lazyScreen(() => import('../features/team/InvitePage')),
  ':shortCode': lazyScreen(() => import('../features/shortlinks/RedirectPage')),
};
const BlogPostPage = SCREENS[BLOG_POST_ROUTE];
const TOOL_ALIAS_ROUTE = 'tools/:slug';
const RedirectPage = SCREENS[SHORT_CODE_ROUTE];
const InvitePage = SCREENS[INVITE_ROUTE];

/** Fetches the screen of `pathname` (none for home, the tools and unknown addresses: they have no lazy screen here). */
export function preloadScreen(pathname: string): Promise<void> {
  const key = routeChunksKey(classifyPath(pathname));
  return key !== null && Object.hasOwn(SCREENS, key)
    ? SCREENS[key as keyof typeof SCREENS].preload()
    : Promise.resolve();
}

/**
 * /tools/{slug}: a guessed address of a tool, whose address is /{slug}. A known slug goes to its
 * tool, replacing this entry in the history (query and fragment kept, so shared settings survive);
 * any other is the 404 page.
 */
function ToolAlias() {
  const { slug } = useParams();
  const { search, hash } = useLocation();
  const tool = tools.find((candidate) => candidate.slug === slug);
  return tool ? <Navigate to={{ pathname: `/${tool.slug}`, search, hash }} replace /> : <NotFoundPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {tools.map((tool) => (
          <Route key={tool.slug} path={tool.slug} element={<ToolRoute tool={tool} />} />
        ))}
        {PAGE_SEGMENTS.map((segment) => {
          const Screen = SCREENS[segment];
          return <Route key={segment} path={segment} element={<Screen />} />;
        })}
        <Route path={BLOG_POST_ROUTE} element={<BlogPostPage />} />
        <Route path={INVITE_ROUTE} element={<InvitePage />} />
        <Route path={TOOL_ALIAS_ROUTE} element={<ToolAlias />} />
        {/* Ranked below every fixed route: any other single segment is a short code. */}
        <Route path={SHORT_CODE_ROUTE} element={<RedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

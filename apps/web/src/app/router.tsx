/**
 * The site's routes, in React Router's declarative mode: the site has no
 * loaders or actions, and the data router would add ~20 KB gzip to every
 * first load (the home page's first-load budget, docs/decisions/0013-performance-goals.md). Pages other than home and the tools
 * are lazy chunks; a tool's own screen is lazy inside ToolRoute.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PAGE_SEGMENTS, type PageSegment } from '@toolvault/shared';
import { tools } from '../tools';
import { HomePage } from './home/HomePage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { ToolRoute } from './ToolRoute';

const AboutPage = lazy(() => import('./pages/AboutPage'));
const ContactPage = lazy(() => import('./pages/ContactPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('./pages/TermsOfServicePage'));
const BlogListPage = lazy(() => import('../features/blog/BlogListPage'));
const BlogPostPage = lazy(() => import('../features/blog/BlogPostPage'));
const BlogAdminPage = lazy(() => import('../features/blog-admin/BlogAdminPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RedirectPage = lazy(() => import('../features/shortlinks/RedirectPage'));

/**
 * The screen of each page of the shared route table (PAGE_SEGMENTS), which is also what short
 * codes may never be: a page added there must get a screen here, and a page has no other way in.
 */
const PAGES: Record<PageSegment, LazyExoticComponent<ComponentType>> = {
  about: AboutPage,
  contact: ContactPage,
  'privacy-policy': PrivacyPolicyPage,
  'terms-of-service': TermsOfServicePage,
  blog: BlogListPage,
  'blog-admin': BlogAdminPage,
  login: LoginPage,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {tools.map((tool) => (
          <Route key={tool.slug} path={tool.slug} element={<ToolRoute tool={tool} />} />
        ))}
        {PAGE_SEGMENTS.map((segment) => {
          const Screen = PAGES[segment];
          return <Route key={segment} path={segment} element={<Screen />} />;
        })}
        <Route path="blog/:slug" element={<BlogPostPage />} />
        {/* Ranked below every fixed route: any other single segment is a short code. */}
        <Route path=":shortCode" element={<RedirectPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

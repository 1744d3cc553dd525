import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { tools } from '../tools';
import { HomePage } from './home/HomePage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorPage } from './RouteErrorPage';
import { ToolRoute } from './ToolRoute';

/** Lazily loaded page: each becomes its own chunk. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      ...tools.map((tool): RouteObject => ({ path: tool.slug, element: <ToolRoute tool={tool} /> })),
      { path: 'about', ...page(() => import('./pages/AboutPage')) },
      { path: 'contact', ...page(() => import('./pages/ContactPage')) },
      { path: 'privacy-policy', ...page(() => import('./pages/PrivacyPolicyPage')) },
      { path: 'terms-of-service', ...page(() => import('./pages/TermsOfServicePage')) },
      { path: 'blog', ...page(() => import('../features/blog/BlogListPage')) },
      { path: 'blog/:slug', ...page(() => import('../features/blog/BlogPostPage')) },
      { path: 'blog-admin', ...page(() => import('../features/blog-admin/BlogAdminPage')) },
      { path: 'login', ...page(() => import('../features/auth/LoginPage')) },
      // Matched only after every fixed route (spec 001 §2): a single segment is a short code.
      { path: ':shortCode', ...page(() => import('../features/shortlinks/RedirectPage')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

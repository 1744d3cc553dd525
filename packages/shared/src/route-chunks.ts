import { BLOG_POST_ROUTE, INVITE_ROUTE, SHORT_CODE_ROUTE, type PathKind } from './routes';

/** The route pattern whose chunks a request path loads; null where every screen is in the entry (home, 404). */
export function routeChunksKey(page: PathKind): string | null {
  switch (page.kind) {
    case 'page':
      return page.segment;
    case 'blog-post':
      return BLOG_POST_ROUTE;
    case 'invitation':
      return INVITE_ROUTE;
    case 'short-code':
      return SHORT_CODE_ROUTE;
    case 'home':
    case 'unknown':
      return null;
  }
}

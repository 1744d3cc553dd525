import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import {
  blogPageCalls,
  type BlogListQuery,
  type BlogReadQuery,
  type PostIdParams,
  type PostInput,
} from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { actorOf, callerOf, isAdmin } from '../http/auth';
import type { ChangeLog } from '../http/change-log';
import { allowedReach } from '@toolvault/shared';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { jsonBody } from '../http/body-limit';
import { AppError } from '../http/errors';
import type { ApiPreloader, BlogPostResolver } from '../http/spa';
import {
  AUTHOR_FILTER_SIGNED_OUT,
  POST_REFUSALS,
  type BlogFailure,
  type BlogService,
  type PostRefusalCode,
  type Viewer,
  type Writer,
} from '../services/blog.service';
import type { CategoryService } from '../services/categories.service';
import type { Result } from '../lib/result';

/** Where the blog API lives: createApp parses its bodies before the app-wide 100 kB parser. */
export const BLOG_API_PATH = API.blogList.path;
/** Content may hold 200 000 characters (BLOG_LIMITS.content), up to 3 bytes each in UTF-8, plus JSON escapes. */
const BLOG_JSON_LIMIT = API.blogCreate.body.limit;

/** The blog's own JSON parser; the app-wide parser then sees the body already read and skips it. */
export function blogPostBody(): RequestHandler {
  return jsonBody(BLOG_JSON_LIMIT);
}

interface BlogRouterDeps {
  blog: BlogService;
  changes: ChangeLog;
  requireAdmin: RequestHandler;
  /** The API's one optionalAdmin (http/auth.ts), shared with the shortlinks. */
  optionalAdmin: RequestHandler;
}

/**
 * `/api/blog`: public reads (drafts for the admin), admin writes. The list answers one
 * page of summaries (`?page=&limit=&category=&sort=newest|popular&q=`), never every post in full.
 */
export function blogRouter({ blog, changes, requireAdmin, optionalAdmin }: BlogRouterDeps): ContractRouter {
  const list = async (req: Request, res: Response) => {
    const query = req.query as unknown as BlogListQuery;
    const viewer = viewerOf(res);
    // The answer depends on the token: never shared between a visitor and a signed-in person.
    res.vary('Authorization').set('Cache-Control', viewer ? 'private, no-store' : 'no-cache');
    res.json(unwrap(res, await blog.list(viewer, query)));
  };
  const read = async (req: Request<{ slug: string }>, res: Response) => {
    const viewer = viewerOf(res);
    // A person opening a post in the editor (?edit=1) is not a reader: no view is counted.
    const editing = viewer !== null && (req.query as BlogReadQuery).edit === '1';
    const post = await blog.read(req.params.slug, { viewer, userAgent: req.get('user-agent'), count: !editing });
    if (!post) throw new AppError('BLOG_POST_NOT_FOUND');
    // Each read counts a view: it must reach the server every time.
    res.set('Cache-Control', 'no-store').json(post);
  };
  const create = async (req: Request<object, unknown, PostInput>, res: Response) => {
    const post = unwrap(res, await blog.create(req.body, writerOf(res)));
    await changes.created(req, res, 'post', post);
    res.status(201).set('Cache-Control', 'no-store').json(post);
  };
  const update = async (req: Request<{ id: string }, unknown, PostInput>, res: Response) => {
    const before = await blog.findById(idParam(req));
    const post = unwrap(res, await blog.update(idParam(req), req.body, writerOf(res)));
    await changes.updated(req, res, 'post', { body: req.body, before, after: post });
    res.set('Cache-Control', 'no-store').json(post);
  };
  const remove = async (req: Request, res: Response) => {
    unwrap(res, await blog.delete(idParam(req), writerOf(res)));
    await changes.deleted(req, res, 'post', idParam(req));
    res.status(204).end();
  };

  const { router, add } = contractRoutes(BLOG_API_PATH, { requireAdmin, optionalAdmin });
  add(API.blogList, list);
  add(API.blogRead, read);
  add(API.blogCreate, create);
  add(API.blogUpdate, update);
  add(API.blogDelete, remove);
  router.use(malformedSlug);
  return router;
}

/** A slug like `%zz` fails percent-decoding in the router itself; no post has such a slug. */
const malformedSlug: ErrorRequestHandler = (err: unknown, req, _res, next) => {
  next(err instanceof URIError && req.method === 'GET' ? new AppError('BLOG_POST_NOT_FOUND') : err);
};

/** `:id` after the contract's params check, which replaced the params with their parsed (numeric) value. */
function idParam(req: { params: object }): number {
  return (req.params as unknown as PostIdParams).id;
}

/** A visitor, or the signed-in caller and how far blog:read reaches for them. */
function viewerOf(res: Response): Viewer {
  return isAdmin(res) ? callerOf(res) : null;
}

/** The caller of a write: how far blog:write reaches for them, and blog:publish (null: not at all). */
function writerOf(res: Response): Writer {
  const actor = actorOf(res);
  const publish = actor ? allowedReach(actor, { permission: 'blog:publish', reach: 'own' }) : null;
  return { ...callerOf(res), publish };
}

function unwrap<T>(res: Response, result: Result<T, BlogFailure>): T {
  if (result.ok) return result.value;
  throw blogError(res, result.error);
}

const isPostRefusal = (failure: BlogFailure): failure is PostRefusalCode => Object.hasOwn(POST_REFUSALS, failure);

function blogError(res: Response, failure: BlogFailure): AppError {
  if (isPostRefusal(failure)) return new AppError('FORBIDDEN', POST_REFUSALS[failure]);
  if (failure === 'AUTHOR_FILTER_SIGNED_OUT') {
    res.set('WWW-Authenticate', 'Bearer');
    return new AppError('UNAUTHORIZED', AUTHOR_FILTER_SIGNED_OUT);
  }
  return new AppError(failure);
}

/**
 * The HTML side of `/blog/{slug}` for the SPA handler: a published post's
 * title, description and cover as meta tags (og:type article); null (404)
 * for unknown slugs and drafts. Never counts a view.
 */
export function blogPreviewResolver(blog: BlogService, origin: string): BlogPostResolver {
  // og:url and the canonical link use PUBLIC_URL's origin, never the request's Host header.
  return (slug) => blog.preview(slug, `${origin}/blog/${encodeURIComponent(slug)}`);
}

/**
 * The calls /blog makes as it opens (blogPageCalls: its page of posts, the popular posts, the
 * categories), answered as the API answers a visitor: the list route's own query schema, the same
 * services. A call that fails or whose query the API would refuse is left out; the page then asks
 * for it itself and shows the API's answer.
 */
export function blogPagePreloads(blog: BlogService, categories: CategoryService): ApiPreloader {
  const list = async (url: string) => {
    const query = API.blogList.query.safeParse(Object.fromEntries(new URL(url, 'http://localhost').searchParams));
    if (!query.success) throw new Error(`not a list query: ${url}`);
    return blog.listPublished(query.data);
  };
  return async (segment, search) => {
    if (segment !== 'blog') return null;
    const calls = blogPageCalls(search);
    const urls = [calls.posts, calls.popular, calls.categories];
    const answers = await Promise.allSettled([list(calls.posts), list(calls.popular), categories.list()]);
    return Object.fromEntries(
      answers.flatMap((answer, index) => (answer.status === 'fulfilled' ? [[urls[index], answer.value]] : [])),
    );
  };
}

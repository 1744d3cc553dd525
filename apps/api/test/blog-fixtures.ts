import jwt from 'jsonwebtoken';
import request from 'supertest';
import type {
  BlogPost,
  BlogPostPage,
  BlogPostSummary,
  Category,
  CategoryInputBody,
  PostInputBody,
} from '@toolvault/shared';
import type { Clock } from '../src/lib/clock';
import { sharedHtmlSanitizerPool } from '../src/services/html-sanitizer.pool';
import { adminToken, buildApp } from './helpers';

// The sanitizer's process loads jsdom (seconds on a busy machine): started once per file, before any
// test's clock runs, so the first post of a file takes no longer than the others.
await sharedHtmlSanitizerPool().ready();

/** A clock tests move by hand (each created post one second later); tokens are signed for its time. */
export function testClock(start = '2025-03-15T12:00:00.000Z') {
  let now = new Date(start);
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    token: (expiresIn: jwt.SignOptions['expiresIn'] = '1h') => adminToken(now, expiresIn),
  };
}

export const POST: PostInputBody = { title: 'Hello', slug: 'hello', content: '<p>Hello <strong>world</strong></p>' };
export const CATEGORY: CategoryInputBody = { name: 'Tech News', slug: 'tech-news', description: 'Everything new' };

/** A fresh app with helpers that call the API as the admin. */
export function blogSetup(options: Parameters<typeof buildApp>[0] = {}) {
  const time = testClock();
  const built = buildApp({ clock: time.clock, ...options });
  const { app } = built;
  const auth = () => ({ Authorization: `Bearer ${time.token()}` });
  const createCategory = async (body: CategoryInputBody = CATEGORY): Promise<Category> => {
    const res = await request(app).post('/api/categories').set(auth()).send(body);
    if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Category;
  };
  const createPost = async (body: Partial<PostInputBody> = {}): Promise<BlogPost> => {
    time.advance(1000);
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, ...body });
    if (res.status !== 201) throw new Error(`post: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as BlogPost;
  };
  /** The items of one page of the list (50, the most a page holds, unless the query says otherwise). */
  const listPage = async (query: string, admin: boolean): Promise<BlogPostPage> => {
    const req = request(app).get(`/api/blog${query || '?limit=50'}`);
    const res = admin ? await req.set(auth()) : await req;
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as BlogPostPage;
  };
  const adminList = async (query = ''): Promise<BlogPostSummary[]> => (await listPage(query, true)).items;
  const visitorList = async (query = ''): Promise<BlogPostSummary[]> => (await listPage(query, false)).items;
  return { ...built, time, auth, createCategory, createPost, adminList, visitorList };
}

/** A token signed with the right secret that expired an hour before the test clock's start. */
export function expiredToken(): string {
  return adminToken('2025-03-15T09:00:00Z');
}

/** Authorization headers that must never pass: none, garbage, wrong secret, expired. */
export const BAD_AUTH: [label: string, header: (() => string) | undefined][] = [
  ['no token', undefined],
  ['a malformed token', () => 'Bearer not-a-token'],
  ['an empty bearer', () => 'Bearer '],
  ['another scheme', () => 'Basic YWRtaW46YWRtaW4='],
  [
    'a token of another secret',
    () => `Bearer ${jwt.sign({}, 'another-secret-that-is-at-least-32-chars!', { subject: 'admin' })}`,
  ],
  ['an expired token', () => `Bearer ${expiredToken()}`],
];

/** What the list answers for `post`: everything but the content, with its category slug and excerpt. */
export function summaryOf(
  post: BlogPost,
  { excerpt = 'Hello world', category_slug = null }: { excerpt?: string; category_slug?: string | null } = {},
): BlogPostSummary {
  const { content: _content, ...rest } = post;
  return { ...rest, category_slug, excerpt };
}

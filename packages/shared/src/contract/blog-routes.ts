/** The blog, its categories, and the feeds built from it (RSS and the sitemaps). Spread into API (routes.ts). */
import { type ApiErrorCode } from '../api';
import { BLOG_PAGE_SIZE_MAX, BLOG_LIMITS } from '../blog';
import {
  ZBlogListQuery,
  ZBlogReadQuery,
  ZCategoryIdParams,
  ZCategoryInput,
  ZPostIdParams,
  ZPostInput,
  ZPostSlugParams,
} from '../blog.schemas';
import { text } from '../text.schemas';
import { ENDPOINTS } from '../endpoints';
import { z } from '../zod';
import { ZBlogPost, ZBlogPostPage, ZCategory, ZText } from './responses';

import { route, type RouteBody } from './route';

const XML = 'application/xml; charset=utf-8';

const blogBody = {
  schema: ZPostInput,
  limit: '1mb',
} as const satisfies RouteBody;
const blogWriteErrors = [
  'POST_SLUG_TAKEN',
  'UNKNOWN_CATEGORY',
  'POST_CONTENT_UNSAFE',
  'POST_CONTENT_TOO_DEEP',
  'POST_CONTENT_TOO_COMPLEX',
] as const satisfies readonly ApiErrorCode[];
const blogLimits = [
  `Body up to 1 MB; content up to ${BLOG_LIMITS.content} characters of HTML, sanitized before it is stored`,
];

export const BLOG_API = {
  blogList: route({
    ...ENDPOINTS.blogList,
    tag: 'Blog',
    summary: 'One page of post summaries (drafts too for the admin)',
    auth: 'admin-optional',
    permission: { permission: 'blog:read', reach: 'own' },
    query: ZBlogListQuery,
    response: { status: 200, description: 'One numbered page', schema: ZBlogPostPage },
    errors: [],
    limits: [`At most ${BLOG_PAGE_SIZE_MAX} posts a page`],
  }),
  blogRead: route({
    ...ENDPOINTS.blogRead,
    tag: 'Blog',
    summary: 'One post; each read counts a view',
    description: 'The admin may read drafts; with `?edit=1` the admin opening the editor counts no view.',
    auth: 'admin-optional',
    permission: { permission: 'blog:read', reach: 'own' },
    params: ZPostSlugParams,
    invalidParams: 'BLOG_POST_NOT_FOUND',
    query: ZBlogReadQuery,
    response: { status: 200, description: 'The post, its HTML sanitized', schema: ZBlogPost },
    errors: ['BLOG_POST_NOT_FOUND'],
  }),
  blogCreate: route({
    ...ENDPOINTS.blogCreate,
    tag: 'Blog',
    summary: 'Create a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    body: blogBody,
    response: { status: 201, description: 'The new post', schema: ZBlogPost },
    errors: blogWriteErrors,
    limits: blogLimits,
  }),
  blogUpdate: route({
    ...ENDPOINTS.blogUpdate,
    tag: 'Blog',
    summary: 'Change a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    params: ZPostIdParams,
    body: blogBody,
    response: { status: 200, description: 'The changed post', schema: ZBlogPost },
    errors: ['BLOG_POST_NOT_FOUND', ...blogWriteErrors],
    limits: blogLimits,
  }),
  blogDelete: route({
    ...ENDPOINTS.blogDelete,
    tag: 'Blog',
    summary: 'Delete a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    params: ZPostIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['BLOG_POST_NOT_FOUND'],
  }),
  categoryList: route({
    ...ENDPOINTS.categoryList,
    tag: 'Blog',
    summary: 'Every blog category, by name',
    auth: 'public',
    response: { status: 200, description: 'The categories', schema: z.array(ZCategory) },
    errors: [],
  }),
  categoryCreate: route({
    ...ENDPOINTS.categoryCreate,
    tag: 'Blog',
    summary: 'Create a category',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    body: { schema: ZCategoryInput },
    response: { status: 201, description: 'The new category', schema: ZCategory },
    errors: ['CATEGORY_SLUG_TAKEN'],
  }),
  categoryUpdate: route({
    ...ENDPOINTS.categoryUpdate,
    tag: 'Blog',
    summary: 'Change a category',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    params: ZCategoryIdParams,
    body: { schema: ZCategoryInput },
    response: { status: 200, description: 'The changed category', schema: ZCategory },
    errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_SLUG_TAKEN'],
  }),
  categoryDelete: route({
    ...ENDPOINTS.categoryDelete,
    tag: 'Blog',
    summary: 'Delete a category; its posts become uncategorised',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    params: ZCategoryIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['CATEGORY_NOT_FOUND'],
  }),
  rss: route({
    ...ENDPOINTS.rss,
    tag: 'Feeds',
    summary: 'RSS feed of the published posts',
    auth: 'public',
    response: { status: 200, description: 'RSS 2.0', schema: ZText, contentType: 'application/rss+xml; charset=utf-8' },
    errors: [],
  }),
  sitemap: route({
    ...ENDPOINTS.sitemap,
    tag: 'Feeds',
    summary: 'Sitemap index: the pages, then the posts in parts',
    auth: 'public',
    response: { status: 200, description: 'A sitemap index', schema: ZText, contentType: XML },
    errors: [],
  }),
  sitemapPages: route({
    ...ENDPOINTS.sitemapPages,
    tag: 'Feeds',
    summary: "Sitemap of the site's fixed pages",
    auth: 'public',
    response: { status: 200, description: 'A sitemap', schema: ZText, contentType: XML },
    errors: [],
  }),
  sitemapPosts: route({
    ...ENDPOINTS.sitemapPosts,
    tag: 'Feeds',
    summary: 'One part of the published posts’ sitemap',
    auth: 'public',
    params: z.object({
      part: text('Not found')
        .regex(/^[1-9]\d{0,5}$/)
        .meta({ description: '1-based part number' }),
    }),
    invalidParams: 'NOT_FOUND',
    response: { status: 200, description: 'A sitemap of up to 1000 posts', schema: ZText, contentType: XML },
    errors: ['NOT_FOUND'],
  }),
} as const;

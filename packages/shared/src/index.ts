/**
 * Constants, helpers and types of both sides, without zod: a page that imports from here (the blog, the
 * home page, a tool) never loads it. The zod schemas are in the `*.schemas.ts` modules, imported as
 * `@toolvault/shared/schemas` by the code that validates; only their types are re-exported here.
 */
export * from './account';
export * from './api';
export * from './audit';
export * from './auth';
export * from './blog';
export * from './blog-urls';
export * from './categories';
export * from './contact';
export * from './endpoints';
export * from './ip';
export * from './made-by';
export * from './not-found';
export * from './routes';
export * from './route-chunks';
export * from './shortlinks';
export * from './short-codes';
export * from './qr';
export * from './shortlink-password';
export * from './shortlink-rules';
export * from './shortlink-folders';
export * from './roles';
export * from './speedtest';
export * from './storage-limits';
export * from './team';
export * from './text';
export * from './tool-catalogue';
export * from './urls';
export * from './url-vectors';
export * from './webhooks';
export * from './blog-html-policy';
export * from './blog-html-vectors';
export type * from './schemas';

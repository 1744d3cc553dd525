/** Every zod schema of the package (`@toolvault/shared/schemas`): for the API and the forms that validate. */
export * from './account.schemas';
export * from './audit.schemas';
export * from './auth.schemas';
export * from './blog.schemas';
export * from './contact.schemas';
export * from './ip.schemas';
export * from './made-by.schemas';
export * from './shortlink-rules.schemas';
export * from './route-chunks.schemas';
export * from './shortlinks.schemas';
export * from './shortlink-password.schemas';
export * from './speedtest.schemas';
export * from './text.schemas';
export * from './team.schemas';
export * from './qr.schemas';
export * from './webhooks.schemas';
export * from './shortlink-bulk.schemas';

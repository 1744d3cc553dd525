import type { Storage } from './database';
import { createAdminSessionsRepo, type AdminSessionsRepo } from './admin-sessions.repo';
import { createApiKeysRepo, type ApiKeysRepo } from './api-keys.repo';
import { createAuditRepo, type AuditRepo } from './audit.repo';
import { dialectFor } from './dialect';
import { createBlogPostsRepo, type BlogPostsRepo } from './blog-posts.repo';
import { createClickSaltsRepo, type ClickSaltsRepo } from './click-salts.repo';
import { createCategoriesRepo, type CategoriesRepo } from './categories.repo';
import { createContactRepo, type ContactRepo } from './contact.repo';
import { createInvitationsRepo, type InvitationsRepo } from './invitations.repo';
import { createLinkPasswordsRepo, type LinkPasswordsRepo } from './link-passwords.repo';
import { createSettingsRepo, type SettingsRepo } from './settings.repo';
import { createShortlinkClicksRepo, type ShortlinkClicksRepo } from './shortlink-clicks.repo';
import { createShortlinksRepo, type ShortlinksRepo } from './shortlinks.repo';
import { createSweepMarksRepo, type SweepMarksRepo } from './sweep-marks.repo';
import { createUsersRepo, type UsersRepo } from './users.repo';
import { createWebhookDeliveriesRepo, type WebhookDeliveriesRepo } from './webhook-deliveries.repo';
import { createWebhooksRepo, type WebhooksRepo } from './webhooks.repo';

export {
  isDatabaseUnavailable,
  openMemorySqlite,
  openPostgres,
  openSqlite,
  type Engine,
  type Storage,
} from './database';
export { migrate, migrateSqlite, MIGRATIONS, schemaVersion, type Migration } from './migrations';

/** Every table's repository; routes and services see only these, never SQL. */
export interface Repositories {
  settings: SettingsRepo;
  contact: ContactRepo;
  shortlinks: ShortlinksRepo;
  shortlinkClicks: ShortlinkClicksRepo;
  /** Password links' locks (read on every visit of a code). */
  linkPasswords: LinkPasswordsRepo;
  clickSalts: ClickSaltsRepo;
  categories: CategoriesRepo;
  blogPosts: BlogPostsRepo;
  adminSessions: AdminSessionsRepo;
  users: UsersRepo;
  apiKeys: ApiKeysRepo;
  audit: AuditRepo;
  invitations: InvitationsRepo;
  webhooks: WebhooksRepo;
  webhookDeliveries: WebhookDeliveriesRepo;
  /** How far each periodic sweep has looked (the link.expired sweep). */
  sweepMarks: SweepMarksRepo;
  /** Answers when the database does (readiness checks). */
  ping(): Promise<void>;
}

export function createRepositories(storage: Storage): Repositories {
  const { db } = storage;
  const dialect = dialectFor(storage.engine);
  return {
    settings: createSettingsRepo(db),
    contact: createContactRepo(db),
    shortlinks: createShortlinksRepo(db, dialect, storage.reader),
    shortlinkClicks: createShortlinkClicksRepo(storage, dialect),
    linkPasswords: createLinkPasswordsRepo(db),
    clickSalts: createClickSaltsRepo(db),
    categories: createCategoriesRepo(db, dialect),
    blogPosts: createBlogPostsRepo(db),
    adminSessions: createAdminSessionsRepo(db),
    users: createUsersRepo(db),
    apiKeys: createApiKeysRepo(db),
    audit: createAuditRepo(db),
    invitations: createInvitationsRepo(db),
    webhooks: createWebhooksRepo(db),
    webhookDeliveries: createWebhookDeliveriesRepo(db, dialect),
    sweepMarks: createSweepMarksRepo(db),
    // The reading connection: a long write (an import) does not make the health check wait.
    async ping() {
      await storage.reader.selectFrom('settings').select('key').limit(1).execute();
    },
  };
}

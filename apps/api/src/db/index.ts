import type { Db } from './database';
import { createBlogPostsRepo, type BlogPostsRepo } from './blog-posts.repo';
import { createCategoriesRepo, type CategoriesRepo } from './categories.repo';
import { createContactRepo, type ContactRepo } from './contact.repo';
import { createSettingsRepo, type SettingsRepo } from './settings.repo';
import { createShortlinkClicksRepo, type ShortlinkClicksRepo } from './shortlink-clicks.repo';
import { createShortlinksRepo, type ShortlinksRepo } from './shortlinks.repo';

export { openDatabase, openMemoryDatabase, type Db } from './database';
export { migrate, MIGRATIONS, schemaVersion, type Migration } from './migrations';

/** Every table's repository; routes and services see only these, never SQL. */
export interface Repositories {
  settings: SettingsRepo;
  contact: ContactRepo;
  shortlinks: ShortlinksRepo;
  shortlinkClicks: ShortlinkClicksRepo;
  categories: CategoriesRepo;
  blogPosts: BlogPostsRepo;
}

export function createRepositories(db: Db): Repositories {
  return {
    settings: createSettingsRepo(db),
    contact: createContactRepo(db),
    shortlinks: createShortlinksRepo(db),
    shortlinkClicks: createShortlinkClicksRepo(db),
    categories: createCategoriesRepo(db),
    blogPosts: createBlogPostsRepo(db),
  };
}

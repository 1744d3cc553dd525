import type { Account, BlogPostSummary, Reach } from '@toolvault/shared';
import { grantOf } from '../auth/account.queries';

/**
 * What the signed-in person's role lets them do in the blog admin. Pure: from the account, no React.
 * The server decides every request; this shows only what would not be refused.
 */
export interface BlogAccess {
  userId: number;
  displayName: string;
  /** Every post in the list (drafts too), or only their own (a Contributor's). */
  readAll: boolean;
  /** Write posts: all of them (Editors and above), their own (Authors, Contributors), or none (a Viewer). */
  write: Reach | null;
  /** Publish: without it, posts are saved as drafts and a published post is no longer theirs to change. */
  publish: boolean;
  /** The byline is theirs to choose (Editors and above); others' is their display name. */
  anyByline: boolean;
  categories: boolean;
  inbox: boolean;
  /** "Written by" names the team's people: they read every post and may read the team. */
  people: boolean;
}

export function blogAccess(account: Account): BlogAccess {
  const write = grantOf(account, 'blog:write');
  return {
    userId: account.id,
    displayName: account.displayName,
    readAll: grantOf(account, 'blog:read') === 'all',
    write,
    publish: grantOf(account, 'blog:publish') !== null,
    anyByline: write === 'all',
    categories: grantOf(account, 'categories:write') !== null,
    inbox: grantOf(account, 'inbox:read') !== null,
    people: grantOf(account, 'blog:read') === 'all' && grantOf(account, 'team:read') !== null,
  };
}

/** Whether the person may edit or delete `post`: any post, or their own, and only drafts if they may not publish. */
export function mayChange(access: BlogAccess, post: Pick<BlogPostSummary, 'authored_by' | 'published'>): boolean {
  if (access.write === null) return false;
  if (access.write === 'own' && post.authored_by?.id !== access.userId) return false;
  return access.publish || !post.published;
}

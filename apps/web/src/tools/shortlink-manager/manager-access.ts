import type { Account } from '@toolvault/shared';
import { grantOf } from '../../features/auth/account.queries';
import type { AdminTab } from './admin-view';

/**
 * What the signed-in person's role lets them use in the manager. Pure: from the account's grants,
 * no React. An Author reaches only their own links (no Overview, tags, export or all-links
 * analytics: those answer about every link); a Viewer reads but changes nothing.
 */
export interface ManagerAccess {
  /** Every link: the Overview, the tag filter, the export and the Created-by filter. */
  allLinks: boolean;
  /** Create, edit and delete links (their own, or all). */
  write: boolean;
  /** Import files and the sample data (links of the whole site). */
  importLinks: boolean;
  /** Create, rename and delete folders: they hold the whole team's links. */
  folders: boolean;
  /** The Analytics tab and the clicks export. */
  allAnalytics: boolean;
  /** A link's own analytics. */
  linkAnalytics: boolean;
  /** The Created-by filter names the team's people (it reads the team); else it offers Everyone and Me. */
  people: boolean;
}

/** Everything: the Owner's and an Administrator's manager, as before there were roles. */
export const FULL_ACCESS: ManagerAccess = {
  allLinks: true,
  write: true,
  importLinks: true,
  folders: true,
  allAnalytics: true,
  linkAnalytics: true,
  people: true,
};

/** The manager the account may use, or null when its role holds no links at all (a Contributor). */
export function managerAccess(account: Pick<Account, 'grants'>): ManagerAccess | null {
  const read = grantOf(account, 'links:read');
  if (read === null) return null;
  const write = grantOf(account, 'links:write');
  const analytics = grantOf(account, 'analytics:read');
  return {
    allLinks: read === 'all',
    write: write !== null,
    importLinks: write === 'all',
    folders: write === 'all',
    allAnalytics: analytics === 'all',
    linkAnalytics: analytics !== null,
    people: read === 'all' && grantOf(account, 'team:read') !== null,
  };
}

/** The tabs `access` opens, in their order. */
export function managerTabs(access: ManagerAccess): AdminTab[] {
  return [
    ...(access.allLinks ? (['overview'] as const) : []),
    ...(access.write ? (['create'] as const) : []),
    'manage',
    ...(access.allAnalytics ? (['analytics'] as const) : []),
  ];
}

/**
 * The tab to show: the one asked for when it is open to the person, else Manage Links, which every
 * role with links has (an Author opening the manager lands on their own links).
 */
export const openTab = (asked: AdminTab, tabs: readonly AdminTab[]): AdminTab =>
  tabs.includes(asked) ? asked : 'manage';

import type { Permission, Reach } from '@toolvault/shared';

/** Header links: Tools goes to the home page too, at its tool grid. */
export const HEADER_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
  { label: 'Tools', to: '/#tools' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
] as const;

export type HeaderLabel = (typeof HEADER_LINKS)[number]['label'];

/**
 * The one header link marked as the current page: Home and Tools both lead to `/`, so Tools is
 * current only when the address asks for the tool grid (`/#tools`), Home otherwise.
 */
export function activeHeaderLink(pathname: string, hash: string): HeaderLabel | null {
  if (pathname === '/') return hash === '#tools' ? 'Tools' : 'Home';
  const path = pathname.replace(/\/+$/, '');
  return HEADER_LINKS.find((link) => link.to === path)?.label ?? null;
}

/** Footer Quick Links column. */
export const QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
  { label: 'All Tools', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
] as const;

export const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Contact', to: '/contact' },
] as const;

/**
 * The admin's way in, kept small in the footer's last row: visitors have no use for it, and without it
 * nothing on the site leads to the sign-in page.
 */
export const SIGN_IN_LINK = { label: 'Sign in', to: '/login' } as const;

/**
 * The admin area's links for a signed-in person, each shown only when their role holds its
 * permission (any reach: an Author manages their own links). The server refuses the rest anyway;
 * the navigation only leaves out what would answer 403.
 */
export const ACCOUNT_LINKS = [
  { label: 'Manage links', to: '/shortlink-manager', permission: 'links:read' },
  { label: 'Blog admin', to: '/blog-admin', permission: 'blog:read' },
  { label: 'Team', to: '/team', permission: 'team:read' },
  { label: 'Audit', to: '/audit', permission: 'audit:read' },
  { label: 'Webhooks', to: '/webhooks', permission: 'webhooks:read' },
  { label: 'Account', to: '/account', permission: 'account' },
] as const satisfies readonly { label: string; to: string; permission: Permission }[];

export type AccountLink = (typeof ACCOUNT_LINKS)[number];

/** The admin links `grants` (the signed-in person's, from GET /api/account) allow. */
export function accountLinks(grants: Partial<Record<Permission, Reach>>): AccountLink[] {
  return ACCOUNT_LINKS.filter((link) => grants[link.permission] !== undefined);
}

/** Navigation state the footer's category buttons carry to the home page. */
export interface HomeNavigationState {
  category?: string;
}

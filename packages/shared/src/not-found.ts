/**
 * An unknown short code's message: the API's (SHORTLINK_MESSAGES.notFound) and the 404 page's. Kept
 * here because this module is on every first load and shortlinks.ts, with all the shortlink area's
 * messages and limits, is not.
 */
export const SHORTLINK_NOT_FOUND = 'Shortlink not found';

/**
 * The 404 page's words, the same in the app and in the HTML the server sends before any script runs.
 * Any one-segment address may be a short code, so one that leads nowhere is an unknown short link
 * (the redirect page's "Shortlink not found", with a line for a mistyped page name); any other
 * address is the designed "Oops! Page not found". Both offer the way home and to the tools.
 */
export const NOT_FOUND_PAGES = {
  page: {
    title: 'Page not found',
    heading: 'Oops! Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
  shortlink: {
    title: SHORTLINK_NOT_FOUND,
    heading: SHORTLINK_NOT_FOUND,
    text: 'No page or short link has this address. It may have been removed or mistyped.',
  },
} as const;

export type NotFoundKind = keyof typeof NOT_FOUND_PAGES;

/** The 404 page's links: Return to Home, as designed, and the tools on the home page. */
export const NOT_FOUND_LINKS = [
  { label: 'Return to Home', href: '/' },
  { label: 'Tools', href: '/#tools' },
] as const;

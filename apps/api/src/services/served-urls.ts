import { normalizeHttpUrl, type PublicShortlink } from '@toolvault/shared';

/**
 * A stored address as visitors are given it: its serialised form (normalizeHttpUrl). The API stores
 * that form already; a row written around it (an old database, a hand edit) may hold the address
 * raw, and is serialised here. A value that is no address stays as it is: the redirect page refuses
 * it, and the 302 answers an error instead (routes/shortlink-redirect.routes.ts).
 */
export function servedUrl(stored: string): string {
  if (stored === '') return stored;
  const url = normalizeHttpUrl(stored, Number.POSITIVE_INFINITY);
  return url.ok ? url.href : stored;
}

/** The public view of a link with its target and image as visitors are given them. */
export function servedLink(link: PublicShortlink): PublicShortlink {
  return { ...link, targetUrl: servedUrl(link.targetUrl), metaImage: servedUrl(link.metaImage) };
}

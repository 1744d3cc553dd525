import { useEffect } from 'react';
import { claimHeadTag, type HeadKey } from '../lib/head';

/** Holds one head tag while the component is mounted (see lib/head.ts). An empty value sets nothing. */
export function useHeadTag(key: HeadKey, value: string | null | undefined): void {
  useEffect(() => (value ? claimHeadTag(key, value) : undefined), [key, value]);
}

/** The document title while this is mounted. */
export function DocumentTitle({ children }: { children: string }) {
  useHeadTag('title', children);
  return null;
}

/**
 * A `<meta>` tag in the head while this is mounted: updates the one the server wrote rather than
 * adding a second, and is removed (or goes back to the site default) when the page goes away.
 */
export function Meta(
  props:
    { name: string; content: string | null | undefined } | { property: string; content: string | null | undefined },
) {
  useHeadTag('name' in props ? `name=${props.name}` : `property=${props.property}`, props.content);
  return null;
}

/** `<link rel="canonical">` while this is mounted. */
export function Canonical({ href }: { href: string }) {
  useHeadTag('rel=canonical', href);
  return null;
}

/// <reference types="vite/client" />
/**
 * Where the footer's "Source code" and "Follow us" icons lead: the one place
 * to set them, at build time (`VITE_SOURCE_CODE_URL`, `VITE_FOLLOW_US_URL`, see
 * README). An icon whose address is unset or not http(s) is not shown, so the
 * footer never offers a link that leads nowhere.
 */
export interface ExternalLinks {
  sourceCode?: string;
  followUs?: string;
}

/** The address when it is an absolute http(s) URL, else undefined. */
export function httpUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function externalLinks(env: Record<string, string | undefined>): ExternalLinks {
  return { sourceCode: httpUrl(env.VITE_SOURCE_CODE_URL), followUs: httpUrl(env.VITE_FOLLOW_US_URL) };
}

export const EXTERNAL_LINKS: ExternalLinks = externalLinks(import.meta.env as Record<string, string | undefined>);

/**
 * Advertising (docs/decisions/0007-privacy.md). The ad provider's script is loaded
 * only on a page whose slot is enabled, only after the visitor consented to
 * advertising, and only when a script address is configured. Today no page is
 * enabled and no script is configured, so nothing is ever loaded.
 */
import type { CookieConsent } from '../consent/consent';

/** Four slot components exist. */
export const AD_SLOT_KINDS = ['header', 'sidebar', 'in-content', 'footer'] as const;
export type AdSlotKind = (typeof AD_SLOT_KINDS)[number];

export interface AdsConfig {
  /** The provider's script; empty means ads are switched off. */
  scriptUrl: string;
  /**
   * Pathnames that may show ads: an exact path ('/blog') or a prefix ending in
   * '/*' ('/blog/*' matches every post). Everything else — home, tools, legal
   * pages — shows none.
   */
  enabledPages: readonly string[];
}

/** Ads are enabled on no page at present, so the list is empty (docs/decisions/0007-privacy.md). */
export const adsConfig: AdsConfig = Object.freeze({
  scriptUrl: '',
  enabledPages: Object.freeze([]),
});

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function isAdPageEnabled(pathname: string, enabledPages: readonly string[]): boolean {
  const path = trimSlash(pathname);
  return enabledPages.some((entry) => {
    if (entry.endsWith('/*')) {
      const prefix = entry.slice(0, -2);
      return path.startsWith(`${prefix}/`) && path.length > prefix.length + 1;
    }
    return trimSlash(entry) === path;
  });
}

/** A configured script address that is HTTPS (absolute) or same-origin (relative). */
export function isUsableScriptUrl(scriptUrl: string): boolean {
  const url = scriptUrl.trim();
  if (url === '') return false;
  try {
    return new URL(url, 'https://same-origin.invalid/').protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether any page can show ads at all: an enabled page and a usable script. */
export function adsEnabled(config: AdsConfig): boolean {
  return config.enabledPages.length > 0 && isUsableScriptUrl(config.scriptUrl);
}

export interface ShouldLoadAdsInput {
  pathname: string;
  consent: CookieConsent | null;
  config: AdsConfig;
}

/** True only when the page is enabled AND the visitor consented to advertising AND a script is configured. */
export function shouldLoadAds({ pathname, consent, config }: ShouldLoadAdsInput): boolean {
  return (
    consent?.advertising === true &&
    isAdPageEnabled(pathname, config.enabledPages) &&
    isUsableScriptUrl(config.scriptUrl)
  );
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useConsent } from '../consent/consent';
import { adsConfig, shouldLoadAds, type AdSlotKind, type AdsConfig } from './ads.config';

declare global {
  interface Window {
    /** The queue the ad provider's script reads: each slot pushes one request. */
    toolvaultAdQueue?: { slot: AdSlotKind; element: HTMLElement }[];
  }
}

/** Reserved height per slot kind, so an ad arriving late does not shift the page. */
const SLOT_CLASSES: Record<AdSlotKind, string> = {
  header: 'min-h-[90px] w-full',
  sidebar: 'min-h-[250px] w-full',
  'in-content': 'min-h-[250px] w-full my-6',
  footer: 'min-h-[90px] w-full',
};

/** The provider's script is injected once per page load, however many slots ask for it. */
let scriptLoad: Promise<void> | null = null;

function loadAdScript(src: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.adScript = '';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      // Blocked or offline: allow a later slot to try again.
      script.remove();
      scriptLoad = null;
      reject(new Error('Ad script failed to load'));
    });
    document.head.append(script);
  });
  return scriptLoad;
}

/**
 * One ad placement. Renders nothing — and loads nothing — unless the current
 * page is enabled, the visitor consented to advertising and a script is configured.
 */
export function AdSlot({ slot, config = adsConfig }: { slot: AdSlotKind; config?: AdsConfig }) {
  const { pathname } = useLocation();
  const consent = useConsent();
  const enabled = shouldLoadAds({ pathname, consent, config });
  const containerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    loadAdScript(config.scriptUrl).then(
      () => {
        const element = containerRef.current;
        if (cancelled || !element) return;
        (window.toolvaultAdQueue ??= []).push({ slot, element });
      },
      () => {
        // An ad blocker or a network error leaves the slot empty; nothing else depends on it.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, config.scriptUrl, slot]);

  if (!enabled) return null;
  return <aside ref={containerRef} aria-label="Advertisement" data-ad-slot={slot} className={SLOT_CLASSES[slot]} />;
}

import { Cookie, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { ui } from '../../components/ui';
import { adsConfig, adsEnabled, type AdsConfig } from '../ads/ads.config';
import {
  ACCEPT_ALL,
  DECLINE_ALL,
  dismissConsentBanner,
  saveConsent,
  setConsentBannerView,
  useConsentState,
  type ConsentCategory,
  type CookieConsent as Consent,
} from './consent';

interface CategoryItem {
  key: keyof Consent;
  label: string;
  description: string;
  /** Said plainly beside a category the site does not use today, so a switch never implies more. */
  unusedNote?: string;
}

const NECESSARY: CategoryItem = {
  key: 'necessary',
  label: 'Necessary',
  description: 'Required for the site to work, such as remembering this choice and your speed test history. Always on.',
};

/**
 * The four categories of the stored choice (necessary, analytics, advertising, functional), each
 * with its own switch, so what is saved is exactly what was shown. Toolvault has no analytics and no
 * optional features that store anything, and shows ads only where a page is enabled for them: those
 * categories say so instead of pretending to do something.
 */
export function consentCategories(ads: AdsConfig): readonly CategoryItem[] {
  return [
    NECESSARY,
    {
      key: 'analytics',
      label: 'Analytics',
      description: 'Would help us understand which tools are used.',
      unusedNote: 'Not used: Toolvault has no analytics today.',
    },
    {
      key: 'advertising',
      label: 'Advertising',
      description: 'Allows ads that keep Toolvault free, on the few pages that show them.',
      ...(adsEnabled(ads) ? {} : { unusedNote: 'Not used: no page shows ads today.' }),
    },
    {
      key: 'functional',
      label: 'Functional',
      description: 'Would remember optional settings and conveniences between visits.',
      unusedNote: 'Not used: Toolvault has no such features today.',
    },
  ];
}

const FOCUS_TARGET = '[data-consent-focus]';

/**
 * Close (button or Escape). On first visit it declines all; a
 * banner reopened from "Cookie Settings" just closes and keeps the stored choice.
 */
function closeBanner(reopened: boolean) {
  if (reopened) dismissConsentBanner();
  else saveConsent({ ...DECLINE_ALL });
}

/**
 * Cookie consent banner: a bottom overlay that does not block
 * the page. Shown while no choice is stored, or when reopened from the footer.
 */
export function CookieConsent({ ads = adsConfig }: { ads?: AdsConfig }) {
  const { consent, bannerOpen, view, focusRequest } = useConsentState();
  const visible = consent === null || bannerOpen;
  const regionRef = useRef<HTMLElement>(null);
  const focusAfterViewChange = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const reopened = consent !== null;
  const reserved = useReservedHeight(regionRef, visible);
  const categories = consentCategories(ads);

  // Reopened from "Cookie Settings": move keyboard focus into the banner, once per request,
  // and remember where it came from so it can go back there when the banner closes.
  useEffect(() => {
    if (focusRequest === 0) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && !regionRef.current?.contains(active)) returnFocus.current = active;
    regionRef.current?.querySelector<HTMLElement>(FOCUS_TARGET)?.focus();
  }, [focusRequest]);

  // Customize / Back replace the focused button: keep focus inside the banner.
  useEffect(() => {
    if (!focusAfterViewChange.current) return;
    focusAfterViewChange.current = false;
    regionRef.current?.querySelector<HTMLElement>(FOCUS_TARGET)?.focus();
  }, [view]);

  // Once the banner hides, give focus back to the control that reopened it.
  useEffect(() => {
    if (visible || !returnFocus.current) return;
    if (returnFocus.current.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  }, [visible]);

  // Escape closes the banner, unless something else on the page already handled the key.
  useEffect(() => {
    if (!visible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeBanner(reopened);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [visible, reopened]);

  if (!visible) return null;

  const switchView = (next: 'main' | 'preferences') => {
    focusAfterViewChange.current = true;
    setConsentBannerView(next);
  };

  return (
    <>
      {/* Space at the end of the page as tall as the banner, so the last rows of the footer can be
          scrolled above it and stay clickable while the banner waits for an answer. */}
      <div aria-hidden="true" data-testid="consent-spacer" style={{ height: reserved }} />
      <section ref={regionRef} aria-label="Cookie consent" className="fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4">
        <div className="mx-auto max-h-[60vh] max-w-3xl overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 text-slate-700 shadow-2xl sm:max-h-[85vh] sm:p-5 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <div className="flex items-start justify-between gap-3">
            <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
              <Cookie aria-hidden="true" className="size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
              {view === 'preferences' ? 'Cookie preferences' : 'We value your privacy'}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={() => closeBanner(reopened)}
              className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>

          {view === 'preferences' ? (
            <PreferencesView
              // A fresh draft each time the banner is reopened on request.
              key={focusRequest}
              categories={categories}
              initial={consent ?? DECLINE_ALL}
              onBack={() => switchView('main')}
            />
          ) : (
            <MainView advertising={adsEnabled(ads)} onCustomize={() => switchView('preferences')} />
          )}
        </div>
      </section>
    </>
  );
}

/** The rendered height of the (fixed) banner while it is visible, kept current as it changes size. */
function useReservedHeight(ref: React.RefObject<HTMLElement | null>, visible: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!visible || !element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    // jsdom and very old browsers have no ResizeObserver: one measurement is kept.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The observer reports the first size after the browser's own layout of the frame; measuring
    // here, right after the first render, would force that layout of the whole page early, inside
    // a task of ours (a long one on a slow phone).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, visible]);
  return visible ? height : 0;
}

function MainView({ advertising, onCustomize }: { advertising: boolean; onCustomize: () => void }) {
  return (
    <>
      <p className="mt-2 text-sm">
        {advertising
          ? 'Toolvault uses a small amount of browser storage to work. With your permission we would also use cookies for advertising.'
          : 'Toolvault stores only what it needs to work, such as this choice: no analytics or advertising cookies.'}{' '}
        <span className="hidden sm:inline">
          You can change your mind at any time from “Cookie Settings” in the footer.{' '}
        </span>
        Read our <PrivacyLink />.
      </p>
      <div className="mt-3 flex flex-row flex-wrap gap-2 sm:mt-4">
        <button
          type="button"
          data-consent-focus=""
          className={ui.button}
          onClick={() => saveConsent({ ...ACCEPT_ALL })}
        >
          Accept All
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={() => saveConsent({ ...DECLINE_ALL })}>
          Decline All
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onCustomize}>
          Customize
        </button>
      </div>
    </>
  );
}

function PreferencesView({
  categories,
  initial,
  onBack,
}: {
  categories: readonly CategoryItem[];
  initial: Consent;
  onBack: () => void;
}) {
  const [draft, setDraft] = useState<Consent>({ ...initial, necessary: true });
  const toggle = (key: ConsentCategory, value: boolean) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <form
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        saveConsent(draft);
      }}
    >
      <p className="text-sm">
        Choose which optional categories you allow. See our <PrivacyLink /> for details.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {categories.map((category, index) => (
          <ConsentSwitch
            key={category.key}
            category={category}
            checked={draft[category.key]}
            disabled={category.key === 'necessary'}
            // The first switch that can change (the one after Necessary) takes focus.
            autoFocusTarget={index === 1}
            onChange={(value) => {
              if (category.key !== 'necessary') toggle(category.key, value);
            }}
          />
        ))}
      </ul>
      <div className="mt-3 flex flex-row flex-wrap gap-2 sm:mt-4">
        <button type="submit" className={ui.button}>
          Save Preferences
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}

function ConsentSwitch({
  category: { label, description, unusedNote },
  checked,
  disabled,
  autoFocusTarget,
  onChange,
}: {
  category: CategoryItem;
  checked: boolean;
  disabled: boolean;
  autoFocusTarget: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
          {label}
        </label>
        <p id={`${id}-desc`} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
          {unusedNote ? <span className="block font-medium">{unusedNote}</span> : null}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-desc`}
        {...(autoFocusTarget ? { 'data-consent-focus': '' } : {})}
        onChange={(event) => onChange(event.target.checked)}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-[''] checked:bg-indigo-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-500 dark:checked:bg-indigo-500"
      />
    </li>
  );
}

const linkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

/** The banner may be mounted outside the router: fall back to a plain link there. */
function PrivacyLink(): ReactNode {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Link to="/privacy-policy" className={linkClass}>
      Privacy Policy
    </Link>
  ) : (
    <a href="/privacy-policy" className={linkClass}>
      Privacy Policy
    </a>
  );
}

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdsConfig } from '../ads/ads.config';
import { ACCEPT_ALL, CONSENT_STORAGE_KEY, DECLINE_ALL, openConsentPreferences, resetConsentStore } from './consent';
import { CookieConsent } from './CookieConsent';

function stored(): unknown {
  const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function renderBanner() {
  return render(
    <MemoryRouter>
      <CookieConsent />
    </MemoryRouter>,
  );
}

/** A configuration under which one page can show ads. */
const WITH_ADS: AdsConfig = { scriptUrl: 'https://ads.example/ad.js', enabledPages: ['/blog'] };

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

beforeEach(() => {
  localStorage.clear();
  resetConsentStore();
});
afterEach(() => {
  localStorage.clear();
  resetConsentStore();
  vi.restoreAllMocks();
});

describe('CookieConsent', () => {
  it('shows when nothing is stored, with a link to the privacy policy', () => {
    renderBanner();
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    for (const name of ['Accept All', 'Decline All', 'Customize', 'Close']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('stays hidden when a choice is stored', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(DECLINE_ALL));
    resetConsentStore();
    renderBanner();
    expect(banner()).not.toBeInTheDocument();
  });

  it('works outside a router too', () => {
    render(<CookieConsent />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it.each([
    ['Accept All', ACCEPT_ALL],
    ['Decline All', DECLINE_ALL],
    ['Close', DECLINE_ALL],
  ] as const)('%s stores the choice and hides the banner', async (button, expected) => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: button }));
    expect(stored()).toEqual(expected);
    expect(banner()).not.toBeInTheDocument();
  });

  it('Escape declines all on first visit', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.keyboard('{Escape}');
    expect(stored()).toEqual(DECLINE_ALL);
    expect(banner()).not.toBeInTheDocument();
  });

  it('Customize offers only Necessary while no page shows ads, and Save Preferences stores no optional category', async () => {
    const user = userEvent.setup();
    renderBanner();
    expect(banner()).toHaveTextContent('no analytics or advertising cookies.');
    await user.click(screen.getByRole('button', { name: 'Customize' }));

    const necessary = screen.getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    // Focus stays inside the banner after the view changes.
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual(DECLINE_ALL);
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks about Advertising once a page can show ads, and stores exactly the choice', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CookieConsent ads={WITH_ADS} />
      </MemoryRouter>,
    );
    expect(banner()).toHaveTextContent('With your permission we would also use cookies for advertising.');
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'Necessary' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Advertising' })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Analytics' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Functional' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Advertising' })).toHaveFocus();

    await user.click(screen.getByRole('switch', { name: 'Advertising' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual({ necessary: true, analytics: false, advertising: true, functional: false });
    expect(banner()).not.toBeInTheDocument();
  });

  it('reserves its own height at the end of the page while shown, so the footer can scroll above it', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 540, 1280, 180));
    const user = userEvent.setup();
    renderBanner();
    expect(screen.getByTestId('consent-spacer')).toHaveStyle({ height: '180px' });
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(screen.queryByTestId('consent-spacer')).toBeNull();
  });

  it('Back returns to the main view without storing anything', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Accept All' })).toHaveFocus();
    expect(stored()).toBeNull();
  });

  it('openConsentPreferences reopens it in the preferences view with the stored choice, focused', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ necessary: true, analytics: false, advertising: false, functional: true }),
    );
    resetConsentStore();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <button type="button" onClick={openConsentPreferences}>
          Cookie Settings
        </button>
        <CookieConsent ads={WITH_ADS} />
      </MemoryRouter>,
    );
    expect(banner()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cookie Settings' }));

    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Advertising' })).not.toBeChecked();
    expect(banner()).toContainElement(document.activeElement as HTMLElement);

    await user.click(screen.getByRole('switch', { name: 'Advertising' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    // A stored category the banner no longer asks about is kept as it was.
    expect(stored()).toEqual({ necessary: true, analytics: false, advertising: true, functional: true });
    expect(banner()).not.toBeInTheDocument();
    // Focus goes back to the button that reopened the banner.
    expect(screen.getByRole('button', { name: 'Cookie Settings' })).toHaveFocus();
  });

  it('closing a reopened banner keeps the stored choice', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(ACCEPT_ALL));
    resetConsentStore();
    const user = userEvent.setup();
    renderBanner();
    act(() => openConsentPreferences());
    expect(banner()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toEqual(ACCEPT_ALL);
  });
});

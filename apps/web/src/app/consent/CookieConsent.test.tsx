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

  it('Customize shows the four categories, Necessary locked on and a note on each the site does not use', async () => {
    const user = userEvent.setup();
    renderBanner();
    expect(banner()).toHaveTextContent('no analytics or advertising cookies.');
    await user.click(screen.getByRole('button', { name: 'Customize' }));

    // In the order the stored choice names them.
    const switches = screen.getAllByRole('switch') as HTMLInputElement[];
    expect(switches.map((item) => item.labels?.[0]?.textContent)).toEqual([
      'Necessary',
      'Analytics',
      'Advertising',
      'Functional',
    ]);
    const necessary = screen.getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    expect(necessary).not.toHaveAccessibleDescription(/Not used/);
    for (const [name, note] of [
      ['Analytics', 'Not used: Toolvault has no analytics today.'],
      ['Advertising', 'Not used: no page shows ads today.'],
      ['Functional', 'Not used: Toolvault has no such features today.'],
    ] as const) {
      const item = screen.getByRole('switch', { name });
      expect(item).not.toBeChecked();
      expect(item).toBeEnabled();
      expect(item).toHaveAccessibleDescription(expect.stringContaining(note));
    }
    // Focus stays inside the banner after the view changes: on the first switch that can change.
    expect(screen.getByRole('switch', { name: 'Analytics' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual(DECLINE_ALL);
    expect(banner()).not.toBeInTheDocument();
  });

  it.each([
    [['Analytics'], { necessary: true, analytics: true, advertising: false, functional: false }],
    [['Advertising', 'Functional'], { necessary: true, analytics: false, advertising: true, functional: true }],
    [['Analytics', 'Advertising', 'Functional'], ACCEPT_ALL],
    [['Necessary'], DECLINE_ALL],
  ] as const)('switching %j on stores exactly that choice', async (names, expected) => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    for (const name of names) await user.click(screen.getByRole('switch', { name }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual(expected);
  });

  it('once a page can show ads, Advertising says what it allows without a "not used" note', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CookieConsent ads={WITH_ADS} />
      </MemoryRouter>,
    );
    expect(banner()).toHaveTextContent('With your permission we would also use cookies for advertising.');
    await user.click(screen.getByRole('button', { name: 'Customize' }));
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    const advertising = screen.getByRole('switch', { name: 'Advertising' });
    expect(advertising).not.toBeChecked();
    expect(advertising).toHaveAccessibleDescription(
      'Allows ads that keep Toolvault free, on the few pages that show them.',
    );
    expect(screen.getByRole('switch', { name: 'Analytics' })).toHaveAccessibleDescription(/Not used/);

    await user.click(advertising);
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
    // The stored choice, switch by switch.
    expect(screen.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Advertising' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Functional' })).toBeChecked();
    expect(banner()).toContainElement(document.activeElement as HTMLElement);

    await user.click(screen.getByRole('switch', { name: 'Advertising' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
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

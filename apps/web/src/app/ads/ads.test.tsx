import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCEPT_ALL, DECLINE_ALL, resetConsentStore, saveConsent, type CookieConsent } from '../consent/consent';
import { AD_SLOT_KINDS, adsConfig, isAdPageEnabled, shouldLoadAds, type AdsConfig } from './ads.config';
import { AdSlot } from './AdSlot';

const SCRIPT = 'https://ads.example.com/ads.js';
const adsOnly: CookieConsent = { ...DECLINE_ALL, advertising: true };
const allButAds: CookieConsent = { ...ACCEPT_ALL, advertising: false };

beforeEach(() => {
  localStorage.clear();
  resetConsentStore();
});
afterEach(() => {
  document.head.querySelectorAll('script[data-ad-script]').forEach((s) => s.remove());
  delete window.toolvaultAdQueue;
  resetConsentStore();
});

describe('shouldLoadAds', () => {
  it.each<[string, readonly string[], CookieConsent | null, string, string, boolean]>([
    // name, enabledPages, consent, scriptUrl, pathname, expected
    ['the real config: nothing enabled', adsConfig.enabledPages, ACCEPT_ALL, adsConfig.scriptUrl, '/', false],
    ['empty enabled list', [], ACCEPT_ALL, SCRIPT, '/blog', false],
    ['page enabled, consent given, script set', ['/blog'], ACCEPT_ALL, SCRIPT, '/blog', true],
    ['only advertising consented is enough', ['/blog'], adsOnly, SCRIPT, '/blog', true],
    ['trailing slash matches', ['/blog'], ACCEPT_ALL, SCRIPT, '/blog/', true],
    ['no consent stored yet', ['/blog'], null, SCRIPT, '/blog', false],
    ['declined all', ['/blog'], DECLINE_ALL, SCRIPT, '/blog', false],
    ['everything but advertising', ['/blog'], allButAds, SCRIPT, '/blog', false],
    ['empty script url', ['/blog'], ACCEPT_ALL, '', '/blog', false],
    ['blank script url', ['/blog'], ACCEPT_ALL, '   ', '/blog', false],
    ['plain http script refused', ['/blog'], ACCEPT_ALL, 'http://ads.example.com/ads.js', '/blog', false],
    ['javascript: script refused', ['/blog'], ACCEPT_ALL, 'javascript:alert(1)', '/blog', false],
    ['other page not enabled', ['/blog'], ACCEPT_ALL, SCRIPT, '/hash-generator', false],
    ['exact entry does not cover children', ['/blog'], ACCEPT_ALL, SCRIPT, '/blog/my-post', false],
    ['wildcard covers children', ['/blog/*'], ACCEPT_ALL, SCRIPT, '/blog/my-post', true],
    ['wildcard does not cover the parent', ['/blog/*'], ACCEPT_ALL, SCRIPT, '/blog', false],
    ['wildcard does not cover look-alikes', ['/blog/*'], ACCEPT_ALL, SCRIPT, '/blogger', false],
  ])('%s', (_name, enabledPages, consent, scriptUrl, pathname, expected) => {
    expect(shouldLoadAds({ pathname, consent, config: { enabledPages, scriptUrl } })).toBe(expected);
  });
});

describe('ads config', () => {
  it('enables no page and sets no script today', () => {
    expect(adsConfig.enabledPages).toEqual([]);
    expect(adsConfig.scriptUrl).toBe('');
  });

  it('has four slot kinds', () => {
    expect(AD_SLOT_KINDS).toEqual(['header', 'sidebar', 'in-content', 'footer']);
  });

  it.each(['/', '/about', '/privacy-policy', '/terms-of-service', '/hash-generator', '/blog'])(
    '%s is not enabled',
    (path) => {
      expect(isAdPageEnabled(path, adsConfig.enabledPages)).toBe(false);
    },
  );
});

describe('AdSlot', () => {
  const scripts = () => document.querySelectorAll('script[src]');

  it.each(AD_SLOT_KINDS)(
    'with the real config and full consent, the %s slot renders nothing and adds no script',
    (slot) => {
      saveConsent({ ...ACCEPT_ALL });
      const before = scripts().length;
      const { container } = render(
        <MemoryRouter initialEntries={['/blog']}>
          <AdSlot slot={slot} />
        </MemoryRouter>,
      );
      expect(container).toBeEmptyDOMElement();
      expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
      expect(scripts().length).toBe(before);
    },
  );

  it('when enabled, renders labelled containers and injects the script once', async () => {
    const config: AdsConfig = { scriptUrl: SCRIPT, enabledPages: ['/blog'] };
    saveConsent({ ...ACCEPT_ALL });
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <AdSlot slot="header" config={config} />
        <AdSlot slot="sidebar" config={config} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('complementary', { name: 'Advertisement' })).toHaveLength(2);
    const injected = document.head.querySelectorAll(`script[src="${SCRIPT}"]`);
    expect(injected).toHaveLength(1);

    await act(async () => {
      injected[0]?.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
    expect(window.toolvaultAdQueue?.map((request) => request.slot)).toEqual(['header', 'sidebar']);
  });

  it('stays empty until the visitor consents to advertising', () => {
    const config: AdsConfig = { scriptUrl: SCRIPT, enabledPages: ['/blog'] };
    saveConsent({ ...DECLINE_ALL });
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <AdSlot slot="footer" config={config} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).not.toBeInTheDocument();
    expect(document.head.querySelectorAll('script[data-ad-script]')).toHaveLength(0);

    act(() => void saveConsent({ ...ACCEPT_ALL }));
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });
});

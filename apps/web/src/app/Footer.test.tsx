import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';
import { externalLinks, httpUrl } from './site-links';

const renderFooter = (links: Parameters<typeof Footer>[0]) =>
  render(
    <MemoryRouter>
      <Footer {...links} />
    </MemoryRouter>,
  );

const social = () => within(screen.getByRole('list', { name: 'Social links' }));

describe('Footer social links', () => {
  it('opens the RSS feed as a document, not as a page of the app', () => {
    renderFooter({ links: {} });
    const feed = social().getByRole('link', { name: 'Blog RSS feed' });
    expect(feed).toHaveAttribute('href', '/blog/rss.xml');
    expect(social().getByRole('link', { name: 'Email us' })).toHaveAttribute('href', '/contact');
  });

  it('leaves out Source code and Follow us when no address is configured', () => {
    renderFooter({ links: {} });
    expect(social().queryByRole('link', { name: 'Source code' })).toBeNull();
    expect(social().queryByRole('link', { name: 'Follow us' })).toBeNull();
    expect(screen.queryAllByRole('link').filter((link) => link.getAttribute('href') === '/about')).toHaveLength(1); // Quick Links' About
  });

  it('leads Source code and Follow us to the configured addresses in a new tab', () => {
    renderFooter({
      links: { sourceCode: 'https://git.example/toolvault', followUs: 'https://social.example/@toolvault' },
    });
    for (const [name, href] of [
      ['Source code', 'https://git.example/toolvault'],
      ['Follow us', 'https://social.example/@toolvault'],
    ]) {
      const link = social().getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('Footer Quick Links', () => {
  it('opens the API reference as a document the server writes', () => {
    renderFooter({ links: {} });
    const quick = within(screen.getByRole('navigation', { name: 'Quick Links' }));
    expect(quick.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
  });
});

describe('Footer sign-in link', () => {
  it('leads to the sign-in page from the last row, outside the link columns', () => {
    renderFooter({ links: {} });
    const signIn = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    for (const nav of screen.getAllByRole('navigation')) expect(nav).not.toContainElement(signIn);
  });
});

describe('externalLinks: only absolute http(s) addresses', () => {
  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['https://git.example/toolvault', 'https://git.example/toolvault'],
    [' http://x.example ', 'http://x.example/'],
    ['javascript:alert(1)', undefined],
    ['/about', undefined],
    ['not a url', undefined],
  ])('%j → %j', (value, expected) => {
    expect(httpUrl(value)).toBe(expected);
    expect(externalLinks({ VITE_SOURCE_CODE_URL: value, VITE_FOLLOW_US_URL: value })).toEqual({
      sourceCode: expected,
      followUs: expected,
    });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimHeadTag, HEAD_DEFAULTS, type HeadKey } from './head';

/** The head as a crawler reads it: every title, meta and canonical, in order. */
function headTags(): string[] {
  return Array.from(document.head.querySelectorAll('title, meta[name], meta[property], link[rel="canonical"]')).map(
    (element) => {
      if (element.tagName === 'TITLE') return `title=${element.textContent}`;
      if (element.tagName === 'LINK') return `canonical=${element.getAttribute('href')}`;
      const key = element.getAttribute('name') ?? element.getAttribute('property');
      return `${key}=${element.getAttribute('content')}`;
    },
  );
}

/** What the server sends for a short link: index.html with the link's own tags in place of the defaults. */
const SERVER_PREVIEW = `
  <meta charset="UTF-8">
  <title>Evil Title</title>
  <meta name="description" content="Evil description">
  <meta property="og:type" content="website">
  <meta property="og:title" content="Evil Title">
  <meta property="og:description" content="Evil description">
  <meta property="og:url" content="https://target.example/">
  <meta name="twitter:card" content="summary">
  <meta name="twitter:title" content="Evil Title">
  <link rel="canonical" href="https://target.example/">`;

let releases: Array<() => void> = [];
const claim = (key: HeadKey, value: string) => {
  const release = claimHeadTag(key, value);
  releases.push(release);
  return release;
};

beforeEach(() => {
  releases = [];
  document.head.innerHTML = SERVER_PREVIEW;
});
afterEach(() => {
  for (const release of releases) release();
});

describe('claimHeadTag', () => {
  it("updates the server's tag instead of adding a second one", () => {
    claim('property=og:title', 'Page Title');
    claim('name=twitter:title', 'Page Title');
    claim('name=description', 'Page description');
    claim('title', 'Page Title — Toolvault');
    const tags = headTags();
    expect(tags.filter((tag) => tag.startsWith('og:title='))).toEqual(['og:title=Page Title']);
    expect(tags.filter((tag) => tag.startsWith('twitter:title='))).toEqual(['twitter:title=Page Title']);
    expect(tags.filter((tag) => tag.startsWith('description='))).toEqual(['description=Page description']);
    expect(tags.filter((tag) => tag.startsWith('title='))).toEqual(['title=Page Title — Toolvault']);
  });

  it('removes duplicates, keeping the first element', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta property="og:title" content="second copy">');
    claim('property=og:title', 'One');
    expect(headTags().filter((tag) => tag.startsWith('og:title='))).toEqual(['og:title=One']);
  });

  it('gives keys back to the site default, and removes the ones without a default', () => {
    const keys: HeadKey[] = [
      'title',
      'name=description',
      'property=og:type',
      'property=og:title',
      'property=og:description',
      'property=og:url',
      'name=twitter:card',
      'name=twitter:title',
      'rel=canonical',
    ];
    const own = keys.map((key) => claimHeadTag(key, `mine ${key}`));
    for (const release of own) release();
    expect(headTags().sort()).toEqual(
      [
        `title=${HEAD_DEFAULTS.title}`,
        `description=${HEAD_DEFAULTS['name=description']}`,
        'og:type=website',
        'og:title=Toolvault',
        `og:description=${HEAD_DEFAULTS['property=og:description']}`,
      ].sort(),
    );
    expect(headTags().join('\n')).not.toMatch(/Evil|target\.example|mine/);
  });

  it('creates a missing tag and removes it again', () => {
    document.head.innerHTML = '';
    const release = claimHeadTag('name=robots', 'noindex');
    expect(headTags()).toEqual(['robots=noindex']);
    release();
    expect(headTags()).toEqual([]);
  });

  it('shows the newest claim and falls back to the one before it', () => {
    const outer = claimHeadTag('title', 'Outer');
    const inner = claimHeadTag('title', 'Inner');
    expect(document.title).toBe('Inner');
    inner();
    expect(document.title).toBe('Outer');
    outer();
    expect(document.title).toBe(HEAD_DEFAULTS.title);
  });

  it('escapes nothing it should not: values are set as attributes and text', () => {
    claim('property=og:title', '"><script>alert(1)</script>');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(headTags()).toContain('og:title="><script>alert(1)</script>');
  });
});

describe('HEAD_DEFAULTS', () => {
  it("are exactly index.html's title, description and og: tags", () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const shipped = new DOMParser().parseFromString(html, 'text/html');
    const found: Record<string, string> = { title: shipped.title };
    for (const meta of shipped.head.querySelectorAll('meta[name], meta[property]')) {
      const name = meta.getAttribute('name');
      if (name === 'viewport' || name === 'color-scheme') continue;
      found[name ? `name=${name}` : `property=${meta.getAttribute('property')}`] = meta.getAttribute('content') ?? '';
    }
    expect(found).toEqual(HEAD_DEFAULTS);
  });
});

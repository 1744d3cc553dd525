import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@toolvault/shared';
import { blogSetup } from './blog-fixtures';
import { CHROME } from './helpers';

const BOTS: [name: string, userAgent: string][] = [
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Twitterbot', 'Twitterbot/1.0'],
  ['LinkedInBot', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['DuckDuckBot', 'Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1; https://duckduckgo.com/duckduckbot)'],
  ['Discordbot', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['curl', 'curl/8.5.0'],
];

const PEOPLE: [name: string, userAgent: string][] = [
  ['Chrome on Windows', CHROME],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0'],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
];

async function viewCount(setup: ReturnType<typeof blogSetup>, slug = 'hello'): Promise<number | undefined> {
  return (await setup.adminList()).find((post) => post.slug === slug)?.view_count;
}

describe('view counting on GET /api/blog/:slug', () => {
  it('counts one view per read and answers the new count', async () => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    for (const expected of [1, 2, 3]) {
      const res = await request(setup.app).get('/api/blog/hello').set('User-Agent', CHROME);
      expect((res.body as BlogPost).view_count).toBe(expected);
    }
    expect(await viewCount(setup)).toBe(3);
  });

  it('counts exactly 50 for 50 concurrent reads on a listening server', async () => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    const server = setup.app.listen(0, '127.0.0.1');
    try {
      await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
      const { port } = server.address() as AddressInfo;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`http://127.0.0.1:${port}/api/blog/hello`, { headers: { 'User-Agent': CHROME } }).then(async (res) => ({
            status: res.status,
            post: (await res.json()) as BlogPost,
          })),
        ),
      );
      expect(responses.every((res) => res.status === 200)).toBe(true);
      // Every read saw its own count: 1 … 50, each once.
      expect(responses.map((res) => res.post.view_count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await viewCount(setup)).toBe(50);
  });

  it.each(BOTS)('never counts %s', async (_name, userAgent) => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    const res = await request(setup.app).get('/api/blog/hello').set('User-Agent', userAgent);
    expect(res.status).toBe(200);
    expect((res.body as BlogPost).view_count).toBe(0);
    expect(await viewCount(setup)).toBe(0);
  });

  it.each(PEOPLE)('counts %s', async (_name, userAgent) => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    await request(setup.app).get('/api/blog/hello').set('User-Agent', userAgent);
    expect(await viewCount(setup)).toBe(1);
  });

  it('does not count a visitor asking for a draft (404), and counts the admin reading it', async () => {
    const setup = blogSetup();
    await setup.createPost({ published: false });
    expect((await request(setup.app).get('/api/blog/hello').set('User-Agent', CHROME)).status).toBe(404);
    expect(await viewCount(setup)).toBe(0);
    await request(setup.app).get('/api/blog/hello').set(setup.auth()).set('User-Agent', CHROME);
    expect(await viewCount(setup)).toBe(1);
  });

  it('does not count listing posts', async () => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    await request(setup.app).get('/api/blog').set('User-Agent', CHROME);
    await request(setup.app).get('/api/blog?category=x').set('User-Agent', CHROME);
    expect(await viewCount(setup)).toBe(0);
  });

  it('keeps the count of other posts apart', async () => {
    const setup = blogSetup();
    await setup.createPost({ published: true });
    await setup.createPost({ slug: 'other', published: true });
    await request(setup.app).get('/api/blog/other').set('User-Agent', CHROME);
    await request(setup.app).get('/api/blog/other').set('User-Agent', CHROME);
    expect(await viewCount(setup, 'hello')).toBe(0);
    expect(await viewCount(setup, 'other')).toBe(2);
  });
});

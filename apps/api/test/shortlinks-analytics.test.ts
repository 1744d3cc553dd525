// The shortlink analytics: totals, clicks per day, referrers, countries and devices, counted exactly
// from a seeded set of links and clicks, for each range.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Shortlink } from '@toolvault/shared';
import { LINK, setup } from './shortlinks-support';

describe('GET /api/shortlinks/analytics', () => {
  const UA = {
    desktop:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    mobile:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    tablet:
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  };
  const COUNTRIES: Record<string, string> = { '8.8.8.8': 'US', '81.2.69.142': 'GB' };
  const geo = {
    lookup: () => Promise.reject(new Error('not used')),
    countryOf: (ip: string) => Promise.resolve(COUNTRIES[ip] ?? null),
  };

  it('is empty but complete without data', async () => {
    const { app, auth } = setup();
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalLinks: 0,
      totalClicks: 0,
      createdToday: 0,
      averageClicks: 0,
      topLinks: [],
      recentLinks: [],
      topReferrers: [],
      topCountries: [],
      devices: [],
    });
    expect(res.body.clicksPerDay).toHaveLength(30);
    expect(res.body.clicksPerDay.every((day: { clicks: number }) => day.clicks === 0)).toBe(true);
  });

  it('counts a seeded dataset exactly', async () => {
    const { app, auth, time, create } = setup({ config: { trustProxy: 1 }, geo });
    const at = async (iso: string, make: () => Promise<unknown>) => {
      time.set(iso);
      await make();
    };
    const click = (code: string, { ua = UA.desktop, referer = '', ip = '10.0.0.1' } = {}) => {
      const call = request(app)
        .get(`/${code}`)
        .set('Accept', 'application/json')
        .set('User-Agent', ua)
        .set('X-Forwarded-For', ip);
      return referer ? call.set('Referer', referer) : call;
    };
    await at('2025-02-01T10:00:00.000Z', () => create({ ...LINK, title: 'D', shortCode: 'dddddd' }));
    await at('2025-03-14T23:59:59.999Z', () => create({ ...LINK, title: 'B', shortCode: 'bbbbbb' }));
    await at('2025-03-15T00:00:00.000Z', () => create({ ...LINK, title: 'C', shortCode: 'cccccc' }));
    await at('2025-03-15T08:00:00.000Z', () => create({ ...LINK, title: 'A', shortCode: 'aaaaaa' }));

    // Outside the 30 days (first day: 2025-02-14), still in the totals.
    await at('2025-02-13T23:59:59.999Z', () => click('dddddd'));
    await at('2025-02-14T00:00:00.000Z', () => click('cccccc', { ua: UA.tablet, ip: '81.2.69.142' }));
    await at('2025-03-14T09:00:00.000Z', () => click('bbbbbb', { referer: 'https://www.google.com/search?q=x' }));
    await at('2025-03-14T10:00:00.000Z', () =>
      click('bbbbbb', { referer: 'https://www.google.com/search?q=y', ip: '8.8.8.8', ua: UA.mobile }),
    );
    await at('2025-03-15T09:00:00.000Z', () => click('aaaaaa', { referer: 'https://news.ycombinator.com/item?id=1' }));
    await at('2025-03-15T09:01:00.000Z', () =>
      click('aaaaaa', { referer: 'https://news.ycombinator.com/', ip: '8.8.8.8', ua: UA.mobile }),
    );
    await at('2025-03-15T11:59:59.999Z', () => click('aaaaaa', { ip: '8.8.8.8' }));
    // A bot is not a click.
    await at('2025-03-15T11:59:59.999Z', () => click('aaaaaa', { ua: 'Twitterbot/1.0' }));

    time.set('2025-03-15T12:00:00.000Z');
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ totalLinks: 4, totalClicks: 7, createdToday: 2, averageClicks: 2 });
    expect(body.topLinks.map((link: Shortlink) => [link.title, link.clickCount])).toEqual([
      ['A', 3],
      ['B', 2],
      ['C', 1],
      ['D', 1],
    ]);
    expect(body.recentLinks.map((link: Shortlink) => link.title)).toEqual(['A', 'C', 'B', 'D']);
    expect(body.clicksPerDay).toHaveLength(30);
    expect(body.clicksPerDay[0]).toEqual({ date: '2025-02-14', clicks: 1 });
    expect(body.clicksPerDay[28]).toEqual({ date: '2025-03-14', clicks: 2 });
    expect(body.clicksPerDay[29]).toEqual({ date: '2025-03-15', clicks: 3 });
    expect(body.clicksPerDay.slice(1, 28).every((day: { clicks: number }) => day.clicks === 0)).toBe(true);
    expect(body.rangeClicks).toBe(6);
    // The lists follow the range: the click of 2025-02-13 is not in the last 30 days.
    expect(body.topReferrers).toEqual([
      { host: 'news.ycombinator.com', clicks: 2 },
      { host: 'www.google.com', clicks: 2 },
      { host: '(direct)', clicks: 2 },
    ]);
    expect(body.topCountries).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'Unknown', clicks: 2 },
      { country: 'GB', clicks: 1 },
    ]);
    expect(body.devices).toEqual([
      { device: 'desktop', clicks: 3 },
      { device: 'mobile', clicks: 2 },
      { device: 'tablet', clicks: 1 },
    ]);

    const all = (await request(app).get('/api/shortlinks/analytics?range=all').set(auth())).body;
    expect(all).toMatchObject({ range: 'all', totalClicks: 7, rangeClicks: 7 });
    // From the first day with clicks (2025-02-13) to today.
    expect(all.clicksPerDay).toHaveLength(31);
    expect(all.clicksPerDay[0]).toEqual({ date: '2025-02-13', clicks: 1 });
    expect(all.topReferrers).toEqual([
      { host: '(direct)', clicks: 3 },
      { host: 'news.ycombinator.com', clicks: 2 },
      { host: 'www.google.com', clicks: 2 },
    ]);
    expect(all.topCountries).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'Unknown', clicks: 3 },
      { country: 'GB', clicks: 1 },
    ]);
    expect(all.devices).toEqual([
      { device: 'desktop', clicks: 4 },
      { device: 'mobile', clicks: 2 },
      { device: 'tablet', clicks: 1 },
    ]);

    const week = (await request(app).get('/api/shortlinks/analytics?range=7d').set(auth())).body;
    expect(week.clicksPerDay.map((day: { clicks: number }) => day.clicks)).toEqual([0, 0, 0, 0, 0, 2, 3]);
    expect(week.rangeClicks).toBe(5);
    expect(week.devices).toEqual([
      { device: 'desktop', clicks: 3 },
      { device: 'mobile', clicks: 2 },
    ]);

    const bad = await request(app).get('/api/shortlinks/analytics?range=1y').set(auth());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'range must be one of 7d, 30d, 90d, all', code: 'VALIDATION' });
  });

  it('keeps only the top 5 and the 5 newest, and rounds the average', async () => {
    const { app, auth, time } = setup();
    const body = Array.from({ length: 7 }, (_, i) => ({
      ...LINK,
      title: `L${i}`,
      clickCount: i === 3 ? 0 : i,
      createdAt: new Date(Date.parse('2025-03-01T00:00:00Z') + i * 86_400_000).toISOString(),
    }));
    await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    time.set('2025-03-05T06:00:00.000Z');
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    // 0+1+2+0+4+5+6 = 18 clicks over 7 links = 2.57 → 3; L4 (created 2025-03-05) is today's.
    expect(res.body).toMatchObject({ totalLinks: 7, totalClicks: 18, averageClicks: 3, createdToday: 1 });
    expect(res.body.topLinks.map((link: Shortlink) => link.title)).toEqual(['L6', 'L5', 'L4', 'L2', 'L1']);
    expect(res.body.recentLinks.map((link: Shortlink) => link.title)).toEqual(['L6', 'L5', 'L4', 'L3', 'L2']);
  });
});

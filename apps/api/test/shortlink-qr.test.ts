import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkQrColors, contrastRatio, parseHexColor, type Shortlink } from '@toolvault/shared';
import { ENGINE_APP_NOW, engineApp, type EngineApp } from './engine-app';
import { ENGINES } from './engines';
import { personKey, personSession, type SignedIn } from './people';
import { drawSvg, pngHeader, zbarDecode } from './qr-decode';

/*
 * GET /api/shortlinks/:id/qr: the code decodes, with zbar, to exactly the link's short URL with
 * ?qr=1 (PUBLIC_URL's origin, never the request's Host); every bad parameter answers 400 with its
 * code; an Author gets the codes of their own links only. Who may call it at all is the permission
 * matrix's (permission-matrix.test.ts).
 */

const PUBLIC_URL = 'https://links.example.org';
const CODE = 'qr-Test_1';
const SCANNED = `${PUBLIC_URL}/${CODE}?qr=1`;

/** Supertest keeps a binary answer as a Buffer only when asked to. */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('the colour rule (WCAG 2 contrast)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s has a ratio of %s', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 2);
  });

  it.each([
    ['#000000', '#ffffff', true],
    ['#767676', '#ffffff', true],
    ['#777777', '#ffffff', false],
    ['#ffffff', '#000000', false],
    ['#123456', '#123456', false],
  ])('%s on %s is accepted: %s', (fg, bg, accepted) => {
    expect(checkQrColors(fg, bg).ok).toBe(accepted);
  });

  it.each([
    ['#ABC', '#aabbcc'],
    ['abc', '#aabbcc'],
    ['#1A2b3C', '#1a2b3c'],
    ['', null],
    ['#abcd', null],
    ['#12345g', null],
    ['red', null],
  ])('reads %j as %j', (text, color) => {
    expect(parseHexColor(text)).toBe(color);
  });
});

describe.each(ENGINES)('a link’s QR code, on %s', (engine) => {
  let built: EngineApp;
  let link: Shortlink;
  let author: SignedIn;
  let authorsLink: Shortlink;

  beforeAll(async () => {
    built = await engineApp(engine, { config: { publicUrl: PUBLIC_URL } });
    const made = await request(built.app)
      .post('/api/shortlinks')
      .set(built.auth)
      .send({ title: 'QR', targetUrl: 'https://example.com/qr', shortCode: CODE });
    expect(made.status).toBe(201);
    link = made.body as Shortlink;
    author = await personSession(built.db, 'author', { now: ENGINE_APP_NOW });
    const theirs = await request(built.app)
      .post('/api/shortlinks')
      .set(author.auth)
      .send({ title: 'Mine', targetUrl: 'https://example.com/mine' });
    authorsLink = theirs.body as Shortlink;
  }, 30_000);
  afterAll(() => built?.close());

  const get = (id: number | string, query: Record<string, string> = {}, auth = built.auth) =>
    request(built.app)
      .get(`/api/shortlinks/${id}/qr`)
      .query(query)
      .set(auth)
      .set('Host', 'evil.example')
      .buffer(true)
      .parse(binary);

  it.each([
    ['L', '64'],
    ['M', '512'],
    ['H', '2048'],
    ['Q', '300'],
  ])('a PNG at level %s, %s pixels, decodes to exactly the short URL with ?qr=1', async (ecc, size) => {
    const res = await get(link.id, { format: 'png', ecc, size });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${CODE}-qr.png"`);
    const png = res.body as Buffer;
    expect(pngHeader(png)).toEqual({
      width: Number(size),
      height: Number(size),
      bitDepth: 1,
      colorType: 3,
      palette: ['#ffffff', '#000000'],
    });
    expect(zbarDecode(png)).toEqual([SCANNED]);
  });

  it('an SVG (the default format, 512 pixels, level M) draws a code that decodes to the same URL', async () => {
    const res = await get(link.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${CODE}-qr.svg"`);
    const drawn = drawSvg((res.body as Buffer).toString('utf8'));
    expect(drawn).toMatchObject({ size: 512, fg: '#000000', bg: '#ffffff' });
    expect(zbarDecode(drawn.png)).toEqual([SCANNED]);
  });

  it('draws the colours asked for, written as #rgb or rrggbb, in both formats', async () => {
    const svg = await get(link.id, { fg: '#03A', bg: 'fffff0', size: '200' });
    expect(svg.status).toBe(200);
    const drawn = drawSvg((svg.body as Buffer).toString('utf8'));
    expect(drawn).toMatchObject({ fg: '#0033aa', bg: '#fffff0' });
    expect(zbarDecode(drawn.png)).toEqual([SCANNED]);

    const png = await get(link.id, { format: 'png', fg: '#0b3d91', bg: '#f5f5dc', size: '256' });
    expect(png.status).toBe(200);
    expect(pngHeader(png.body as Buffer).palette).toEqual(['#f5f5dc', '#0b3d91']);
    expect(zbarDecode(png.body as Buffer)).toEqual([SCANNED]);
  });

  it.each([
    ['format', { format: 'gif' }, 'VALIDATION', 'format must be one of svg, png'],
    ['size below 64', { size: '63' }, 'VALIDATION', 'size must be a whole number from 64 to 2048'],
    ['size above 2048', { size: '2049' }, 'VALIDATION', 'size must be a whole number from 64 to 2048'],
    ['size as a fraction', { size: '100.5' }, 'VALIDATION', 'size must be a whole number from 64 to 2048'],
    ['size in exponent form', { size: '1e3' }, 'VALIDATION', 'size must be a whole number from 64 to 2048'],
    ['a negative size', { size: '-512' }, 'VALIDATION', 'size must be a whole number from 64 to 2048'],
    ['ecc', { ecc: 'X' }, 'VALIDATION', 'ecc must be one of L, M, Q, H'],
    ['ecc in lower case', { ecc: 'm' }, 'VALIDATION', 'ecc must be one of L, M, Q, H'],
    ['fg', { fg: 'red' }, 'VALIDATION', 'fg must be a hex colour like #1a2b3c (or #abc)'],
    ['bg with alpha', { bg: '#ffffffff' }, 'VALIDATION', 'bg must be a hex colour like #1a2b3c (or #abc)'],
    [
      'too little contrast',
      { fg: '#777777' },
      'QR_LOW_CONTRAST',
      'The colours #777777 on #ffffff have a contrast of 4.47:1, below the 4.5:1 a scanner needs. Choose a darker foreground or a lighter background.',
    ],
    [
      'light on dark',
      { fg: '#ffffff', bg: '#000000' },
      'QR_LOW_CONTRAST',
      'The foreground #ffffff must be darker than the background #000000: many scanners cannot read light modules on a dark ground.',
    ],
  ])('refuses %s with 400 %s', async (_what, query, code, error) => {
    const res = await get(link.id, query);
    expect(res.status).toBe(400);
    expect(JSON.parse((res.body as Buffer).toString('utf8'))).toEqual({ code, error });
  });

  it.each([
    ['a repeated parameter', '?size=100&size=200'],
    ['a markup colour', `?fg=${encodeURIComponent('"/><script>alert(1)</script>')}`],
    ['a control character', '?format=svg%00'],
    ['an ecc padded with a space', '?ecc=M%20'],
    ['a colour in rgb() form', `?bg=${encodeURIComponent('rgb(255,255,255)')}`],
    ['a huge number', `?size=${'9'.repeat(400)}`],
  ])('refuses %s with 400, never drawing it', async (_what, query) => {
    const res = await request(built.app).get(`/api/shortlinks/${link.id}/qr${query}`).set(built.auth);
    expect(res.status).toBe(400);
    expect(['VALIDATION', 'INVALID_CHARACTERS']).toContain(res.body.code);
  });

  it('answers 404 for an unknown link and 400 for an id that is no id', async () => {
    expect((await request(built.app).get('/api/shortlinks/999999/qr').set(built.auth)).body).toMatchObject({
      code: 'SHORTLINK_NOT_FOUND',
    });
    for (const id of ['0', 'abc', '1e3', '01', '%2e%2e']) {
      const res = await request(built.app).get(`/api/shortlinks/${id}/qr`).set(built.auth);
      expect(res.status, id).toBe(400);
      expect(res.body.code, id).toBe('VALIDATION');
    }
  });

  it('gives an Author the code of their own link, and 403 for anyone else’s', async () => {
    const own = await get(authorsLink.id, { format: 'png' }, author.auth);
    expect(own.status).toBe(200);
    expect(zbarDecode(own.body as Buffer)).toEqual([`${PUBLIC_URL}/${authorsLink.shortCode}?qr=1`]);
    const theirs = await request(built.app).get(`/api/shortlinks/${link.id}/qr`).set(author.auth);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ code: 'FORBIDDEN', error: 'You can get the QR code of only the links you created.' });
  });

  it('serves a key with links:read', async () => {
    const { auth } = await personKey(built.db, 1, ['links:read'], { now: ENGINE_APP_NOW });
    const res = await get(link.id, { format: 'png', size: '128' }, auth);
    expect(res.status).toBe(200);
    expect(zbarDecode(res.body as Buffer)).toEqual([SCANNED]);
  });
});

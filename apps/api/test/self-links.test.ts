import type os from 'node:os';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, isLoopbackHost, type Shortlink, type ShortlinkPage } from '@toolvault/shared';
import { machineAddresses } from '../src/services/machine-addresses';
import { adminToken, buildApp } from './helpers';

const NOW = '2025-03-15T12:00:00.000Z';
const PUBLIC_URL = 'https://tools.example.org';
/** The addresses this test's server takes as its machine's own. */
const MACHINE = ['10.1.2.3', '[fd00::2]'];

function setup(ownAddresses: () => readonly string[] = () => MACHINE) {
  const { app } = buildApp({ clock: () => new Date(NOW), config: { port: 3000, publicUrl: PUBLIC_URL }, ownAddresses });
  const auth = { Authorization: `Bearer ${adminToken(NOW)}` };
  const links = async () =>
    ((await request(app).get('/api/shortlinks').set(auth)).body as ShortlinkPage).items.map((link) => link.targetUrl);
  return { app, auth, links };
}

const refusal = (code: 'SHORTLINK_OWN_ADDRESS' | 'SHORTLINK_SELF_LINK') => ({ error: API_ERRORS[code].message, code });

// A link that leads back to this server, by any of its names or addresses and on any port: another
// replica of the site may answer there, and a link that redirects at once to itself loops.
const REFUSED: [
  label: string,
  host: string,
  targetUrl: string,
  code: 'SHORTLINK_OWN_ADDRESS' | 'SHORTLINK_SELF_LINK',
][] = [
  ['localhost on its own port', 'localhost:3000', 'http://localhost:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  [
    'localhost on another port (a second replica)',
    'localhost:3000',
    'http://localhost:3001/abc123',
    'SHORTLINK_OWN_ADDRESS',
  ],
  [
    'a loopback page that is no short link',
    'localhost:3000',
    'http://localhost:3000/hash-generator',
    'SHORTLINK_OWN_ADDRESS',
  ],
  ['localhost while Host is 127.0.0.1', '127.0.0.1:3000', 'http://localhost:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['127.0.0.1 while Host is localhost', 'localhost:3000', 'http://127.0.0.1:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['another loopback address', 'localhost:3000', 'http://127.9.9.9:4000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['IPv6 loopback', 'localhost:3000', 'http://[::1]:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['0.0.0.0', 'localhost:3000', 'http://0.0.0.0:8080/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['an interface address of the machine', 'internal:8080', 'http://10.1.2.3:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['an interface address on another port', 'internal:8080', 'https://10.1.2.3:8443/', 'SHORTLINK_OWN_ADDRESS'],
  ['an IPv4-mapped interface address', 'internal:8080', 'http://[::ffff:10.1.2.3]/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['an IPv6 interface address', 'internal:8080', 'http://[fd00:0::2]:3000/abc123', 'SHORTLINK_OWN_ADDRESS'],
  ['PUBLIC_URL behind a proxy', 'internal:8080', 'https://tools.example.org/abc123', 'SHORTLINK_SELF_LINK'],
  [
    'PUBLIC_URL with its port spelled out',
    'internal:8080',
    'https://tools.example.org:443/abc123',
    'SHORTLINK_SELF_LINK',
  ],
  ['PUBLIC_URL on another port', 'internal:8080', 'https://tools.example.org:8443/abc123', 'SHORTLINK_SELF_LINK'],
  ['the Host header itself', 'toolvault.test:3000', 'http://toolvault.test:3000/abc123', 'SHORTLINK_SELF_LINK'],
  ['the Host name on another port', 'toolvault.test:3000', 'http://toolvault.test:3001/abc123', 'SHORTLINK_SELF_LINK'],
];

describe('no links back to this server', () => {
  it.each(REFUSED)('refuses %s, for guests and the admin alike', async (_label, host, targetUrl, code) => {
    const { app, auth, links } = setup();
    const guest = await request(app).post('/api/shortlinks').set('Host', host).send({ title: 'Loop', targetUrl });
    expect(guest.status).toBe(400);
    expect(guest.body).toEqual(refusal(code));
    const admin = await request(app)
      .post('/api/shortlinks')
      .set('Host', host)
      .set(auth)
      .send({ title: 'Loop', targetUrl, redirectMode: 'direct' });
    expect(admin.status).toBe(400);
    expect(admin.body).toEqual(refusal(code));
    expect(await links()).toEqual([]);
  });

  it.each(REFUSED)('refuses to change a link to %s', async (_label, host, targetUrl, code) => {
    const { app, auth, links } = setup();
    const created = await request(app)
      .post('/api/shortlinks')
      .set(auth)
      .send({ title: 'Ok', targetUrl: 'https://example.com/' });
    const res = await request(app)
      .put(`/api/shortlinks/${(created.body as Shortlink).id}`)
      .set('Host', host)
      .set(auth)
      .send({ title: 'Loop', targetUrl, redirectMode: 'direct' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(code));
    expect(await links()).toEqual(['https://example.com/']);
  });

  it.each(REFUSED)('refuses an import with a row to %s, naming the row', async (_label, host, targetUrl, code) => {
    const { app, auth, links } = setup();
    const rows = [
      { title: 'Fine', targetUrl: 'https://example.com/' },
      { title: 'Loop', targetUrl },
    ];
    const res = await request(app).post('/api/shortlinks/import').set('Host', host).set(auth).send(rows);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Row 2: ${API_ERRORS[code].message}`, code });
    expect(await links()).toEqual([]);
  });

  it.each([
    ['a page of the site by its public name', 'https://tools.example.org/blog/hello'],
    ['the site’s home page', 'https://tools.example.org/'],
    ['another site', 'https://example.com/abc123'],
    ['an address that is not this machine’s', 'http://10.1.2.4:3000/abc123'],
  ])('accepts %s', async (_label, targetUrl) => {
    const { app } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .set('Host', 'localhost:3000')
      .send({ title: 'Ok', targetUrl });
    expect(res.status).toBe(201);
  });

  // The real network interfaces: whichever address this machine has that is not loopback.
  const external = machineAddresses().find((address) => !isLoopbackHost(address));
  it.skipIf(!external)('refuses an address of this machine’s own network interfaces', async () => {
    const { app } = setup(machineAddresses);
    const res = await request(app)
      .post('/api/shortlinks')
      .send({ title: 'Loop', targetUrl: `http://${external}:9999/abc123` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal('SHORTLINK_OWN_ADDRESS'));
  });
});

describe('machineAddresses', () => {
  it('writes each interface address as a URL host: IPv6 compressed and bracketed, without a zone', () => {
    const info = (address: string, family: 'IPv4' | 'IPv6') =>
      ({ address, family, netmask: '', mac: '', internal: false, cidr: null }) as os.NetworkInterfaceInfo;
    expect(
      machineAddresses({
        lo: [info('127.0.0.1', 'IPv4'), info('::1', 'IPv6')],
        eth0: [info('192.0.2.2', 'IPv4'), info('FD00:0:0::2', 'IPv6'), info('fe80::1%eth0', 'IPv6')],
        down: undefined,
      }),
    ).toEqual(['127.0.0.1', '[::1]', '192.0.2.2', '[fd00::2]', '[fe80::1]']);
  });
});

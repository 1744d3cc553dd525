import { describe, expect, it } from 'vitest';
import { webhookSignature } from '../src/services/webhooks/signing';
import { runDocsReceiver, type SignedCase } from './docs-receivers';

/**
 * The receivers docs/api.md gives, run as a reader would copy them, against signatures the server
 * makes: they accept what it sends and refuse a changed body, a wrong secret and an old delivery.
 */
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const BODY = JSON.stringify({ type: 'link.created', createdAt: '2026-12-07T12:00:00.000Z', data: { link: { id: 7 } } });
const SENT = new Date('2026-12-07T12:00:00.000Z');
const HEADER = webhookSignature(SECRET, BODY, SENT);

const CASES: [string, SignedCase, string][] = [
  ['as sent, a second later', { secret: SECRET, body: BODY, header: HEADER, now: SENT.getTime() + 1_000 }, 'true'],
  ['4 min 59 s later', { secret: SECRET, body: BODY, header: HEADER, now: SENT.getTime() + 299_000 }, 'true'],
  ['5 min 1 s later', { secret: SECRET, body: BODY, header: HEADER, now: SENT.getTime() + 301_000 }, 'false'],
  [
    'a body changed by one character',
    { secret: SECRET, body: BODY.replace('7', '8'), header: HEADER, now: SENT.getTime() },
    'false',
  ],
  ['another secret', { secret: `${SECRET.slice(0, -1)}H`, body: BODY, header: HEADER, now: SENT.getTime() }, 'false'],
  [
    'a later time put in the header',
    {
      secret: SECRET,
      body: BODY,
      header: HEADER.replace(/t=\d+/, (t) => `t=${Number(t.slice(2)) + 60}`),
      now: SENT.getTime(),
    },
    'false',
  ],
  ['no v1', { secret: SECRET, body: BODY, header: HEADER.split(',')[0]!, now: SENT.getTime() }, 'false'],
];

describe.each(['js', 'python'] as const)("docs/api.md's %s receiver", (language) => {
  it("prints what the page says its own examples print, then judges the server's signatures", () => {
    const lines = runDocsReceiver(
      language,
      CASES.map(([, c]) => c),
    );
    // The page's two examples: "true", then "false: too old".
    expect(lines.slice(0, 2)).toEqual(['true', 'false']);
    expect(Object.fromEntries(CASES.map(([name], i) => [name, lines[i + 2]]))).toEqual(
      Object.fromEntries(CASES.map(([name, , expected]) => [name, expected])),
    );
  });
});

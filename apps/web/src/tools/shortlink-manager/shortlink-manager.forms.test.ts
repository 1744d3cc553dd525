// The manager service's link forms: the create and update checks, a form filled from a saved link,
// a generated code tried again while taken, and the import file.
import { withRuleDefaults } from '@toolvault/shared';
import { SHORT_CODE_ALPHABET, SHORTLINK_MESSAGES, type RandomIndex, type Shortlink } from '@toolvault/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  createWithRetry,
  EMPTY_FORM,
  formFromLink,
  parseImportFile,
  validateCreateForm,
  validateUpdateForm,
  type LinkFormValues,
} from './shortlink-manager.service';
import { link } from './service-testing';

/** A random source that hands out the alphabet positions of `codes`, in order. */
function drawing(...codes: string[]): RandomIndex {
  const draws = codes.flatMap((code) => [...code].map((char) => SHORT_CODE_ALPHABET.indexOf(char)));
  return () => {
    const next = draws.shift();
    if (next === undefined) throw new Error('more draws than expected');
    return next;
  };
}

const form = (values: Partial<LinkFormValues>): LinkFormValues => ({ ...EMPTY_FORM, ...values });

describe('validateCreateForm', () => {
  it.each<[string, Partial<LinkFormValues>, ReturnType<typeof validateCreateForm>]>([
    ['empty form', {}, { ok: false, error: SHORTLINK_MESSAGES.required }],
    [
      'blank title',
      { title: '   ', targetUrl: 'https://a.example' },
      { ok: false, error: SHORTLINK_MESSAGES.required },
    ],
    ['missing target', { title: 'A' }, { ok: false, error: SHORTLINK_MESSAGES.required }],
    [
      'javascript: target',
      { title: 'A', targetUrl: 'javascript:alert(1)' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'scheme-less target',
      { title: 'A', targetUrl: 'example.com' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'data: meta image',
      { title: 'A', targetUrl: 'https://a.example', metaImage: 'data:image/png;base64,AA' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'reserved code',
      { title: 'A', targetUrl: 'https://a.example', shortCode: 'blog' },
      { ok: false, error: SHORTLINK_MESSAGES.reservedCode },
    ],
    [
      'code with a slash',
      { title: 'A', targetUrl: 'https://a.example', shortCode: 'a/b/c' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidCode },
    ],
    [
      'minimal: empty code means generate, tags empty',
      { title: ' OWASP ', targetUrl: ' https://owasp.org/ ' },
      {
        ok: true,
        value: {
          title: 'OWASP',
          targetUrl: 'https://owasp.org/',
          shortCode: undefined,
          description: '',
          metaImage: '',
          tags: [],
          redirectMode: 'preview',
          ...withRuleDefaults({}),
          folderId: null,
        },
      },
    ],
    [
      'full: tags split on commas, trimmed, empties dropped',
      {
        title: 'RFC',
        targetUrl: 'https://www.rfc-editor.org/rfc/rfc8446',
        shortCode: 'tls13',
        metaImage: 'https://img.example/a.png',
        description: ' TLS ',
        tags: ' rfc, tls ,, crypto ,',
        redirectMode: 'direct',
      },
      {
        ok: true,
        value: {
          title: 'RFC',
          targetUrl: 'https://www.rfc-editor.org/rfc/rfc8446',
          shortCode: 'tls13',
          description: 'TLS',
          metaImage: 'https://img.example/a.png',
          tags: ['rfc', 'tls', 'crypto'],
          redirectMode: 'direct',
          ...withRuleDefaults({}),
          folderId: null,
        },
      },
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateCreateForm(form(values))).toEqual(expected);
  });
});

describe('validateUpdateForm and formFromLink', () => {
  it('drops the short code from the update body and round-trips tags and the redirect mode', () => {
    const existing = link(3, 4, '2024-05-01T00:00:00Z', {
      tags: ['a', 'b c'],
      description: 'd',
      redirectMode: 'direct',
    });
    const values = formFromLink(existing);
    expect(values.tags).toBe('a, b c');
    expect(values.redirectMode).toBe('direct');
    expect(validateUpdateForm(values)).toEqual({
      ok: true,
      value: {
        title: 'Link 3',
        targetUrl: 'https://example.com/3',
        description: 'd',
        metaImage: '',
        tags: ['a', 'b c'],
        redirectMode: 'direct',
        ...withRuleDefaults({}),
        folderId: null,
      },
    });
  });

  it('reads a link without a redirect mode (an older answer) as the preview page', () => {
    const { redirectMode: _dropped, ...older } = link(1, 0, '2024-05-01T00:00:00Z');
    expect(formFromLink(older as Shortlink).redirectMode).toBe('preview');
    expect(EMPTY_FORM.redirectMode).toBe('preview');
  });

  it.each<[string, Partial<LinkFormValues>, string]>([
    ['empty', {}, SHORTLINK_MESSAGES.required],
    ['bad target', { title: 'x', targetUrl: 'ftp://files.example' }, SHORTLINK_MESSAGES.invalidUrl],
  ])('refuses %s', (_name, values, error) => {
    expect(validateUpdateForm(form(values))).toEqual({ ok: false, error });
  });
});

describe('createWithRetry', () => {
  const input = {
    title: 't',
    targetUrl: 'https://a.example',
    description: '',
    metaImage: '',
    tags: [],
    redirectMode: 'preview' as const,
    ...withRuleDefaults({}),
  };
  const taken = {
    ok: false as const,
    error: { message: SHORTLINK_MESSAGES.shortCodeTaken, code: 'SHORT_CODE_TAKEN' as const },
  };
  const created = { ok: true as const, value: null };
  const random = () => drawing('ABCDEF', 'GHIJKL', 'MNOPQR');

  it('sends a generated code and retries with a new one while it is taken', async () => {
    const send = vi.fn().mockResolvedValueOnce(taken).mockResolvedValueOnce(taken).mockResolvedValueOnce(created);
    expect(await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random() })).toBe(created);
    expect(send.mock.calls.map(([body]) => body.shortCode)).toEqual(['ABCDEF', 'GHIJKL', 'MNOPQR']);
  });

  it('gives up after the attempt limit with the last answer', async () => {
    const send = vi.fn().mockResolvedValue(taken);
    expect(
      await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random(), attempts: 3 }),
    ).toBe(taken);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not retry other codes, whatever their text says', async () => {
    const failure = {
      ok: false as const,
      error: { message: SHORTLINK_MESSAGES.shortCodeTaken, code: 'VALIDATION' as const },
    };
    const send = vi.fn().mockResolvedValue(failure);
    expect(await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random() })).toBe(failure);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends a typed code once, so its owner sees the conflict', async () => {
    const send = vi.fn().mockResolvedValue(taken);
    expect(await createWithRetry({ ...input, shortCode: 'mine' }, send, { randomIndex: random() })).toBe(taken);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].shortCode).toBe('mine');
  });
});

describe('parseImportFile', () => {
  const many = JSON.stringify(Array.from({ length: 10_001 }, () => ({})));
  it.each<[string, string, ReturnType<typeof parseImportFile>]>([
    ['empty file', '', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['not JSON', '{"title":', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['an object', '{"title":"x"}', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['a string', '"[]"', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['null', 'null', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['an empty array', '[]', { ok: false, error: 'The file contains no shortlinks' }],
    ['over the row limit', many, { ok: false, error: 'At most 10,000 shortlinks can be imported at once' }],
    [
      'an array of rows (validated by the server)',
      ' [{"title":"a","targetUrl":"https://a.example"}, 5] ',
      { ok: true, value: [{ title: 'a', targetUrl: 'https://a.example' }, 5] },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseImportFile(text)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { API_ERRORS } from './api';
import { INVALID_CHARACTERS_MESSAGE, isTypableText } from './text';
import { requestIssue, text } from './text.schemas';
import { z } from './zod';

describe('text a form can type', () => {
  it.each<[label: string, value: string, singleLine: boolean, multiLine: boolean]>([
    ['empty', '', true, true],
    ['plain', 'Hello, world', true, true],
    ['accents and scripts', 'café שלום مرحبا', true, true],
    ['emoji (a surrogate pair)', '😀👩‍👩‍👧‍👦 𝌆', true, true],
    ['zero-width and bidi marks', '\u200B\u200D\u202Eevil\u202C\uFEFF', true, true],
    ['noncharacters', '\uFFFE\uFFFF', true, true],
    ['NUL', 'a\u0000b', false, false],
    ['BEL', '\u0007', false, false],
    ['ESC', '\u001b[31m', false, false],
    ['tab', 'a\tb', false, true],
    ['line feed', 'a\nb', false, true],
    ['carriage return', 'a\r\nb', false, true],
    ['vertical tab', 'a\u000Bb', false, false],
    ['DEL', 'a\u007Fb', false, false],
    ['a C1 control (NEL)', 'a\u0085b', false, false],
    ['a lone high surrogate', 'x\uD800', false, false],
    ['a lone low surrogate', '\uDFFFx', false, false],
    ['surrogates in the wrong order', '\uDC00\uD83D', false, false],
  ])('%s: single-line %s, multi-line %s', (_label, value, singleLine, multiLine) => {
    expect(isTypableText(value)).toBe(singleLine);
    expect(isTypableText(value, { multiline: true })).toBe(multiLine);
    expect(text('t').safeParse(value).success).toBe(singleLine);
    expect(text('t', { multiline: true }).safeParse(value).success).toBe(multiLine);
  });

  it('checks the characters before anything else, and stops there', () => {
    const schema = text('Title must be text').max(3);
    const result = schema.safeParse('far too long\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVALID_CHARACTERS_MESSAGE]);
  });
});

describe('requestIssue: the answer to a failed parse', () => {
  const body = z.strictObject({
    title: text('Title is required').min(1, { error: 'Title is required' }),
    n: z.number(),
  });
  const answer = (value: unknown) => requestIssue(body.safeParse(value).error?.issues ?? []);

  it.each<[label: string, value: unknown, code: string, message: string | null]>([
    ['a plain issue', { title: '', n: 1 }, 'VALIDATION', null],
    [
      'a character no form types',
      { title: 'a\u0000', n: 1 },
      'INVALID_CHARACTERS',
      `title: ${INVALID_CHARACTERS_MESSAGE}`,
    ],
    ['one unknown field', { title: 'a', n: 1, password: 'x' }, 'UNKNOWN_FIELDS', 'Unknown field: password'],
    ['unknown fields', { title: 'a', n: 1, a: 1, b: 2 }, 'UNKNOWN_FIELDS', 'Unknown fields: a, b'],
    // Whatever else is wrong, the characters are named first: they are the client's to fix.
    [
      'characters beside other issues',
      { title: '\u0000', n: 'x', extra: 1 },
      'INVALID_CHARACTERS',
      `title: ${INVALID_CHARACTERS_MESSAGE}`,
    ],
    ['an unknown field beside a plain issue', { title: '', n: 1, extra: 1 }, 'UNKNOWN_FIELDS', 'Unknown field: extra'],
  ])('%s → %s', (_label, value, code, message) => {
    expect(answer(value)).toMatchObject({ code, message });
    expect(API_ERRORS[code as keyof typeof API_ERRORS].status).toBe(400);
  });

  it('keeps a field’s own words for a refused character, without its name', () => {
    const url = z.strictObject({ targetUrl: text('required', { invalid: 'Only valid http(s) URLs are allowed.' }) });
    const issues = url.safeParse({ targetUrl: 'java\tscript:x' }).error?.issues ?? [];
    expect(requestIssue(issues)).toMatchObject({
      code: 'INVALID_CHARACTERS',
      message: 'Only valid http(s) URLs are allowed.',
    });
  });

  it('names a nested path (a tag of a list)', () => {
    const tags = z.object({ tags: z.array(text('tag')) });
    const issues = tags.safeParse({ tags: ['ok', 'b\u0000'] }).error?.issues ?? [];
    expect(requestIssue(issues).message).toBe(`tags.1: ${INVALID_CHARACTERS_MESSAGE}`);
  });

  it.each<[label: string, value: unknown, code: string, message: string | null]>([
    ['text with a character no form types', 'a\u0000', 'INVALID_CHARACTERS', `id: ${INVALID_CHARACTERS_MESSAGE}`],
    ['neither branch', [1], 'VALIDATION', null],
  ])('finds the text check inside a union (a number or text): %s → %s', (_label, id, code, message) => {
    const row = z.strictObject({ id: z.union([z.number(), text('id must be a number or text')]) });
    expect(requestIssue(row.safeParse({ id }).error?.issues ?? [])).toMatchObject({ code, message });
  });
});

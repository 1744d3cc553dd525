import { describe, expect, it } from 'vitest';
import {
  EXPECTED_HASH_ERROR,
  algorithmForLength,
  checksumList,
  expectedFor,
  parseExpected,
  verify,
} from './hash-verify';

const SHA256_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const MD5_ABC = '900150983cd24fb0d6963f7d28e17f72';

describe('parseExpected', () => {
  it.each([
    ['empty input', '', []],
    ['only blank lines and comments', '\n  \n# SHA256SUMS\n', []],
    ['a bare digest with spaces around', `  ${SHA256_ABC}\t`, [{ hex: SHA256_ABC }]],
    ['an upper-case digest', MD5_ABC.toUpperCase(), [{ hex: MD5_ABC }]],
    ['a sha256sum text-mode line', `${SHA256_ABC}  abc.txt`, [{ hex: SHA256_ABC, name: 'abc.txt' }]],
    ['a binary-mode line', `${MD5_ABC} *dir/abc.bin`, [{ hex: MD5_ABC, name: 'dir/abc.bin' }]],
    ['a stdin line', `${MD5_ABC}  -`, [{ hex: MD5_ABC, name: '-' }]],
    ['a name with spaces', `${MD5_ABC}  my file.iso`, [{ hex: MD5_ABC, name: 'my file.iso' }]],
    ['a BSD tag line', `SHA256 (abc.txt) = ${SHA256_ABC}`, [{ hex: SHA256_ABC, name: 'abc.txt' }]],
    [
      'a list with CRLF line ends',
      `${SHA256_ABC}  a.txt\r\n${'0'.repeat(64)}  b.txt\r\n`,
      [
        { hex: SHA256_ABC, name: 'a.txt' },
        { hex: '0'.repeat(64), name: 'b.txt' },
      ],
    ],
  ])('reads %s', (_name, input, expected) => {
    expect(parseExpected(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['a word', 'hello'],
    ['hex of no digest length', 'abcdef'],
    ['a digest with a non-hex letter', `${MD5_ABC.slice(0, 31)}g`],
    ['one good and one bad line', `${MD5_ABC}  a\nnot a hash`],
    ['a name after one space only', `${MD5_ABC} a.txt`],
  ])('refuses %s', (_name, input) => {
    expect(parseExpected(input)).toEqual({ ok: false, error: EXPECTED_HASH_ERROR });
  });
});

describe('algorithmForLength', () => {
  it.each([
    [32, 'md5'],
    [40, 'sha1'],
    [64, 'sha256'],
    [96, 'sha384'],
    [128, 'sha512'],
    [0, undefined],
    [63, undefined],
  ])('%i hex characters → %s', (length, expected) => {
    expect(algorithmForLength(length)).toBe(expected);
  });
});

describe('expectedFor and verify', () => {
  const list = [
    { hex: SHA256_ABC, name: './release/abc.txt' },
    { hex: '0'.repeat(64), name: 'other.bin' },
  ];

  it('finds the line by file name, without folders', () => {
    expect(expectedFor(list, 'abc.txt')).toEqual(list[0]);
    expect(expectedFor(list, 'missing.txt')).toBeUndefined();
  });

  it.each([
    ['nothing pasted', [], { sha256: SHA256_ABC }, 'abc.txt', undefined],
    [
      'a bare digest that matches',
      [{ hex: SHA256_ABC }],
      { sha256: SHA256_ABC },
      undefined,
      { kind: 'match', algorithm: 'sha256' },
    ],
    [
      'a bare digest for any file name',
      [{ hex: MD5_ABC }],
      { md5: MD5_ABC, sha1: 'x' },
      'abc.txt',
      { kind: 'match', algorithm: 'md5' },
    ],
    ['a different digest', [{ hex: MD5_ABC }], { md5: '0'.repeat(32) }, undefined, { kind: 'mismatch' }],
    ['a digest of another length', [{ hex: MD5_ABC }], { sha256: SHA256_ABC }, undefined, { kind: 'mismatch' }],
    ['the file’s line in a list', list, { sha256: SHA256_ABC }, 'abc.txt', { kind: 'match', algorithm: 'sha256' }],
    ['the other file’s line', list, { sha256: SHA256_ABC }, 'other.bin', { kind: 'mismatch' }],
    ['a file the list lacks', list, { sha256: SHA256_ABC }, 'new.txt', { kind: 'unlisted' }],
  ] as const)('%s', (_name, entries, digests, fileName, expected) => {
    expect(verify(entries, digests, fileName)).toEqual(expected);
  });
});

describe('checksumList', () => {
  it('writes the lines sha256sum -c reads', () => {
    expect(checksumList([])).toBe('');
    expect(
      checksumList([
        { name: 'a.txt', hex: SHA256_ABC },
        { name: 'b c.bin', hex: '0'.repeat(64) },
      ]),
    ).toBe(`${SHA256_ABC}  a.txt\n${'0'.repeat(64)}  b c.bin\n`);
  });
});

import { describe, expect, it } from 'vitest';
import { tools } from '../../tools';
import { filterTools, toolCountLabel } from './tool-filter';

const titles = (list: readonly { title: string }[]) => list.map((tool) => tool.title);

describe('filterTools by category', () => {
  it.each([
    ['All', 23],
    ['Network Tools', 4],
    ['Encryption', 2],
    ['Password Tools', 1],
    ['Encoding', 2],
    ['Security', 2],
    ['Steganography', 1],
    ['Web Security', 1],
    ['Image Tools', 9],
    ['URL Tools', 1],
  ] as const)('%s keeps %i tools', (category, count) => {
    const result = filterTools(tools, { category });
    expect(result).toHaveLength(count);
    if (category !== 'All') expect(result.every((tool) => tool.category === category)).toBe(true);
  });

  it('keeps catalogue order', () => {
    expect(titles(filterTools(tools, { category: 'Encoding' }))).toEqual([
      'Base64 Encoder/Decoder',
      'URL Encoder/Decoder',
    ]);
  });
});

describe('filterTools by search query', () => {
  it.each([
    ['', 23],
    ['   ', 23],
    ['sha256', 1],
    ['SHA256', 1],
    ['qr', 2],
    ['image', 10],
    ['vigenère', 1],
    ['vigenere', 1],
    ['zzz-no-such-tool', 0],
    ['image qr reader', 1],
  ])('"%s" matches %i tools', (query, count) => {
    expect(filterTools(tools, { query })).toHaveLength(count);
  });

  it('combines category and query', () => {
    expect(titles(filterTools(tools, { category: 'Image Tools', query: 'qr' }))).toEqual([
      'QR Code Generator',
      'QR Code Reader',
    ]);
    expect(filterTools(tools, { category: 'Encoding', query: 'qr' })).toEqual([]);
  });

  it('matches keywords that appear in neither title nor description', () => {
    expect(titles(filterTools(tools, { query: 'tesseract' }))).toEqual(['Image OCR']);
  });
});

describe('toolCountLabel', () => {
  it.each([
    [0, '0 tools available'],
    [1, '1 tool available'],
    [2, '2 tools available'],
    [23, '23 tools available'],
  ])('%i → %s', (count, label) => {
    expect(toolCountLabel(count)).toBe(label);
  });
});

import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip, uniqueNames } from './zip';

describe('uniqueNames', () => {
  it.each([
    ['none', [], []],
    ['distinct names are kept', ['a.jpg', 'b.jpg'], ['a.jpg', 'b.jpg']],
    ['repeats are numbered before the extension', ['a.jpg', 'a.jpg', 'a.jpg'], ['a.jpg', 'a (2).jpg', 'a (3).jpg']],
    ['case-insensitive, as on Windows and macOS', ['A.jpg', 'a.jpg'], ['A.jpg', 'a (2).jpg']],
    ['a name without extension', ['image', 'image'], ['image', 'image (2)']],
    ['a numbered name that already exists', ['a (2).jpg', 'a.jpg', 'a.jpg'], ['a (2).jpg', 'a.jpg', 'a (3).jpg']],
    ['folders are flattened', ['../../etc/passwd', 'x\\y.png'], ['.._.._etc_passwd', 'x_y.png']],
    ['dots alone and empty names', ['..', ''], ['_', 'image']],
    ['a leading dot is not an extension', ['.hidden', '.hidden'], ['.hidden', '.hidden (2)']],
  ])('%s', (_name, names, expected) => {
    expect(uniqueNames(names)).toEqual(expected);
  });
});

describe('buildZip', () => {
  it('holds every entry, byte for byte, under unique names, stored', () => {
    const entries = [
      { name: 'compressed_a.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]) },
      { name: 'compressed_a.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 4]) },
      { name: 'compressed_b.jpg', bytes: new Uint8Array(0) },
    ];
    const zip = buildZip(entries, new Date(2026, 0, 2, 3, 4, 6));
    expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['compressed_a.jpg', 'compressed_a (2).jpg', 'compressed_b.jpg']);
    expect([...files['compressed_a.jpg']!]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect([...files['compressed_a (2).jpg']!]).toEqual([0xff, 0xd8, 0xff, 4]);
    expect(files['compressed_b.jpg']).toHaveLength(0);
    // Stored: method 0 in the first local header, and the data is readable as is.
    expect(zip[8]! | (zip[9]! << 8)).toBe(0);
  });

  it('writes an empty archive for no entries', () => {
    expect(Object.keys(unzipSync(buildZip([])))).toEqual([]);
  });

  it('keeps large entries intact', () => {
    const big = new Uint8Array(3_000_000).map((_, index) => (index * 31) & 0xff);
    const files = unzipSync(buildZip([{ name: 'big.png', bytes: big }]));
    expect(files['big.png']!.length).toBe(big.length);
    expect(files['big.png']!.every((value, index) => value === big[index])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultUrlSettings, readUrlSettings, urlField, writeUrlSettings } from './url-state';

const shape = {
  algorithm: urlField.choice(['md5', 'sha256', 'sha512'], 'md5'),
  quality: urlField.integer({ min: 10, max: 100, step: 5, fallback: 80 }),
  size: urlField.integer({ min: 100, max: 4000, fallback: 1920 }),
  angle: urlField.decimal({ min: -360, max: 360, fallback: 90 }),
  upper: urlField.flag(true),
  pad: urlField.colour('#ffffff'),
};

const read = (query: string) => readUrlSettings(shape, new URLSearchParams(query));
const defaults = { algorithm: 'md5', quality: 80, size: 1920, angle: 90, upper: true, pad: '#ffffff' } as const;

describe('readUrlSettings (bad values fall back to the defaults, field by field)', () => {
  it.each([
    ['an empty query', '', {}],
    [
      'every field set',
      'algorithm=sha256&quality=55&size=123&angle=-12.5&upper=0&pad=%23A0b1C2',
      {
        algorithm: 'sha256',
        quality: 55,
        size: 123,
        angle: -12.5,
        upper: false,
        pad: '#a0b1c2',
      },
    ],
    ['an unknown choice', 'algorithm=sha3', {}],
    ['a choice in the wrong case', 'algorithm=SHA256', {}],
    ['an empty value', 'algorithm=&quality=&size=&angle=&upper=&pad=', {}],
    ['below the minimum', 'quality=5&size=99&angle=-360.5', {}],
    ['above the maximum', 'quality=105&size=4001&angle=361', {}],
    ['off the step grid', 'quality=82', {}],
    ['exactly the limits', 'quality=10&size=4000&angle=-360', { quality: 10, size: 4000, angle: -360 }],
    ['not a number', 'quality=abc&size=1e3&angle=Infinity', {}],
    ['a decimal where a whole number is needed', 'size=150.5', {}],
    ['hex and spaces are not numbers', 'size=0x100&angle=%2045', {}],
    ['a flag that is not 1 or 0', 'upper=true', {}],
    ['a colour without #', 'pad=ffffff', {}],
    ['a short colour', 'pad=%23fff', {}],
    ['a colour name', 'pad=red', {}],
    ['the first of repeated values wins', 'algorithm=sha512&algorithm=md5', { algorithm: 'sha512' }],
    ['"-0" is 0', 'angle=-0', { angle: 0 }],
    ['one bad field leaves the others', 'algorithm=nope&quality=60', { quality: 60 }],
    ['unknown parameters are ignored', 'text=secret&quality=60', { quality: 60 }],
  ])('%s', (_name, query, expected) => {
    expect(read(query)).toEqual({ ...defaults, ...expected });
  });

  it('reads "-0" as +0', () => {
    expect(Object.is(read('angle=-0').angle, 0)).toBe(true);
  });
});

describe('writeUrlSettings', () => {
  it.each([
    ['the defaults leave the query empty', defaults, '', ''],
    ['only changed fields, in the shape order', { ...defaults, upper: false, quality: 55 }, '', 'quality=55&upper=0'],
    ['colours are encoded', { ...defaults, pad: '#000000' }, '', 'pad=%23000000'],
    [
      'parameters of others are kept, ours replaced',
      { ...defaults, size: 800 },
      'x=1&size=100&quality=20',
      'x=1&size=800',
    ],
  ])('%s', (_name, settings, before, expected) => {
    expect(writeUrlSettings(shape, new URLSearchParams(before), settings).toString()).toBe(expected);
  });

  it('round-trips through read', () => {
    const settings = {
      algorithm: 'sha512',
      quality: 35,
      size: 640,
      angle: 12.25,
      upper: false,
      pad: '#123456',
    } as const;
    expect(readUrlSettings(shape, writeUrlSettings(shape, new URLSearchParams(), settings))).toEqual(settings);
  });

  it('the defaults are what an empty query reads', () => {
    expect(defaultUrlSettings(shape)).toEqual(defaults);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ANGLE,
  ANGLE_RANGE_MESSAGE,
  parseAngle,
  rotateOperation,
  rotatedFileName,
  rotatedSize,
} from './image-rotator.service';

describe('parseAngle (−360 … 360, integers and decimals)', () => {
  it.each([
    ['90', 90],
    ['0', 0],
    ['-0', 0],
    ['360', 360],
    ['-360', -360],
    ['45.5', 45.5],
    ['-1.25', -1.25],
    [' 30 ', 30],
    ['1e2', 100],
  ])('%j → %s', (text, degrees) => {
    expect(parseAngle(text)).toEqual({ ok: true, value: degrees });
  });

  it.each([[''], ['   '], ['abc'], ['360.01'], ['-361'], ['720'], ['Infinity'], ['NaN'], ['1,5']])(
    '%j → the range message',
    (text) => {
      expect(parseAngle(text)).toEqual({ ok: false, error: ANGLE_RANGE_MESSAGE });
    },
  );

  it('says the range in its message, and defaults to 90', () => {
    expect(ANGLE_RANGE_MESSAGE).toBe('Enter an angle between -360 and 360 degrees');
    expect(ANGLE.default).toBe(90);
  });
});

describe('rotatedSize (the canvas fits the rotated bounds)', () => {
  it.each([
    [0, 640, 480],
    [90, 480, 640],
    [180, 640, 480],
    [270, 480, 640],
    [360, 640, 480],
    [-90, 480, 640],
    [-360, 640, 480],
    // 640·0.7071 + 480·0.7071 = 791.96
    [45, 792, 792],
    // 640·0.8660 + 480·0.5 = 794.3; 640·0.5 + 480·0.8660 = 735.7
    [30, 794, 736],
    // 640·0.99966 + 480·0.02618 = 652.35; 640·0.02618 + 480·0.99966 = 496.6
    [1.5, 652, 497],
  ])('640 × 480 at %s° → %i × %i', (degrees, width, height) => {
    expect(rotatedSize({ width: 640, height: 480 }, degrees)).toEqual({ width, height });
  });
});

describe('rotateOperation and rotatedFileName', () => {
  it('asks the worker to rotate by the angle', () => {
    expect(rotateOperation(-45.5)).toEqual({ kind: 'rotate', degrees: -45.5 });
  });

  it.each([
    ['photo.jpg', 'rotated_photo.png'],
    ['my.holiday.photo.webp', 'rotated_my.holiday.photo.png'],
    ['scan', 'rotated_scan.png'],
    ['.png', 'rotated_image.png'],
  ])('%j → %j', (name, expected) => {
    expect(rotatedFileName(name)).toBe(expected);
  });
});

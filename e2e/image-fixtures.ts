/** Images built by the browser tests (pngjs, jpeg-js) and a reader of their headers. */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type Rgba = readonly [number, number, number, number];

/** A PNG whose pixel (x, y) is `pixel(x, y)`. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) image.data.set(pixel(x, y), (y * width + x) * 4);
  }
  return PNG.sync.write(image);
}

/** A photo-like JPEG: smooth gradients with noise (a fixed LCG, so runs repeat). */
export function photoJpeg(width: number, height: number, quality = 90): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 12345;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 24) - 128;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const n = noise() >> 2;
      data[i] = Math.max(0, Math.min(255, Math.round((x / width) * 255) + n));
      data[i + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 255) + n));
      data[i + 2] = Math.max(0, Math.min(255, 128 + Math.round(Math.sin((x + y) / 50) * 100) + n));
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ width, height, data }, quality).data;
}

export type Format = 'png' | 'jpeg' | 'webp';

/** Format from the magic bytes, and the dimensions from the header. */
export function inspect(bytes: Buffer): { format: Format; width: number; height: number } {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) {
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let at = 2;
    while (at < bytes.length) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: 'jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
    throw new Error('JPEG without a frame header');
  }
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X')
      return { format: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return { format: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  throw new Error(`unknown format: ${bytes.subarray(0, 12).toString('hex')}`);
}

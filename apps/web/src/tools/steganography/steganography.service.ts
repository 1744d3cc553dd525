/**
 * Least-significant-bit steganography over a plain RGBA pixel buffer (no DOM),
 * as docs/decisions/0001-real-tools.md asks.
 *
 * Layout of the hidden payload, written one bit per colour channel, most
 * significant bit first, into the R, G and B channels of the opaque pixels in
 * reading order:
 *
 *   "TVSG" (4 bytes) · message length in bytes (uint32, big-endian) · UTF-8 message
 *
 * Alpha is never written. Pixels that are not fully opaque are skipped
 * entirely: a browser canvas stores colours premultiplied by alpha, so the low
 * bit of a translucent pixel does not survive a canvas round trip, while an
 * opaque pixel's does.
 */
import { outputFileName } from '../../lib/image-file';
import { err, ok, type Result } from '../../lib/result';
import { utf8Bytes } from '../../lib/unicode';
import { formatCount } from '../../lib/format';

/** Marks an image written by this tool, so a random image is not misread as a message. */
export const MAGIC = Uint8Array.of(0x54, 0x56, 0x53, 0x47); // "TVSG"
/** Magic plus the 32-bit length. */
export const HEADER_BYTES = MAGIC.length + 4;
const CHANNELS_PER_PIXEL = 3; // R, G, B; alpha is left alone
const OPAQUE = 255;

/** Hide without an image or a message. */
export const HIDE_REQUIRED = 'Please select an image and enter a message';
/** Extract without an image. */
export const EXTRACT_REQUIRED = 'Please select an image file';
export const NO_MESSAGE_FOUND = 'No hidden message found';

export const tooLongMessage = (messageBytes: number, capacityBytes: number): string =>
  capacityBytes <= 0
    ? 'This image is too small to hold a message. Choose a larger image.'
    : `The message is ${formatCount(messageBytes)} bytes, but this image can hold at most ${formatCount(capacityBytes)} bytes. Use a larger image or a shorter message.`;

/** Size of the message as it is stored: UTF-8 bytes, not characters. */
export function utf8Length(message: string): number {
  return new TextEncoder().encode(message).length;
}

/** Number of channels that carry one bit each: 3 for every fully opaque pixel. */
function usableChannels(pixels: Uint8ClampedArray): number {
  let opaque = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] === OPAQUE) opaque++;
  return opaque * CHANNELS_PER_PIXEL;
}

/** Largest message, in UTF-8 bytes, the image can hold: ⌊3 × opaque pixels / 8⌋ − 8 header bytes, never negative. */
export function capacityBytes(pixels: Uint8ClampedArray): number {
  return Math.max(0, Math.floor(usableChannels(pixels) / 8) - HEADER_BYTES);
}

/** Byte offsets of the carrying channels, in writing order. */
function* carrierChannels(pixels: Uint8ClampedArray): Generator<number> {
  for (let pixel = 0; pixel + 3 < pixels.length; pixel += 4) {
    if (pixels[pixel + 3] !== OPAQUE) continue;
    yield pixel;
    yield pixel + 1;
    yield pixel + 2;
  }
}

export interface HideOptions {
  /** RGBA, 4 bytes per pixel (ImageData.data). Not modified. */
  pixels: Uint8ClampedArray;
  message: string;
}

export interface HideResult {
  /** A copy of the input with the message in its low bits. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
  messageBytes: number;
  capacityBytes: number;
}

export function hideMessage({ pixels, message }: HideOptions): Result<HideResult> {
  if (message.length === 0) return err(HIDE_REQUIRED);
  // A lone surrogate has no UTF-8 form; refused as every text tool does, never stored as U+FFFD.
  const encoded = utf8Bytes(message);
  if (!encoded.ok) return encoded;
  const body = encoded.value;
  const capacity = capacityBytes(pixels);
  if (body.length > capacity) return err(tooLongMessage(body.length, capacity));

  const payload = new Uint8Array(HEADER_BYTES + body.length);
  payload.set(MAGIC, 0);
  new DataView(payload.buffer).setUint32(MAGIC.length, body.length, false);
  payload.set(body, HEADER_BYTES);

  const out = new Uint8ClampedArray(pixels);
  const channels = carrierChannels(out);
  for (const byte of payload) {
    for (let bit = 7; bit >= 0; bit--) {
      // Capacity was checked above, so the generator cannot run out here.
      const offset = channels.next().value as number;
      out[offset] = (out[offset]! & 0xfe) | ((byte >> bit) & 1);
    }
  }
  return ok({ pixels: out, messageBytes: body.length, capacityBytes: capacity });
}

/** Reads bytes back from the low bits, in the same order hideMessage wrote them. */
function readBytes(channels: Generator<number>, pixels: Uint8ClampedArray, count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  for (let index = 0; index < count; index++) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit++) byte = (byte << 1) | (pixels[channels.next().value as number]! & 1);
    bytes[index] = byte;
  }
  return bytes;
}

/** The hidden message exactly as it was written, or NO_MESSAGE_FOUND. */
export function extractMessage(pixels: Uint8ClampedArray): Result<string> {
  const capacity = capacityBytes(pixels);
  // Even an empty image has no header to read; hideMessage never writes an empty message.
  if (capacity <= 0) return err(NO_MESSAGE_FOUND);
  const channels = carrierChannels(pixels);
  const header = readBytes(channels, pixels, HEADER_BYTES);
  if (!MAGIC.every((value, index) => header[index] === value)) return err(NO_MESSAGE_FOUND);
  const length = new DataView(header.buffer).getUint32(MAGIC.length, false);
  if (length === 0 || length > capacity) return err(NO_MESSAGE_FOUND);
  const body = readBytes(channels, pixels, length);
  try {
    // ignoreBOM keeps a leading U+FEFF the user hid: the message comes back exactly.
    return ok(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body));
  } catch {
    return err(NO_MESSAGE_FOUND);
  }
}

/** Download name in the designed style: "holiday.jpg" → "stego_holiday.png" (always PNG: lossless). */
export function stegoFileName(originalName: string): string {
  return outputFileName('stego_', originalName, 'png');
}

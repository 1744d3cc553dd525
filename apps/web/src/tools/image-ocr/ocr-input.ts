/**
 * Whether tesseract.js may be given an image file as it is. Its worker decodes PNG and JPEG itself
 * (Leptonica), so handing it the file skips the page's decode, a full-size canvas draw and the PNG
 * encode tesseract.js makes of a canvas before decoding it again (the second image took 2.2×
 * what tesseract.js alone takes). That is only right when its decoder sees what the browser shows:
 * tesseract.js reads an EXIF orientation with a pattern that misses most files, so a JPEG turned by its
 * EXIF, and a PNG that carries an eXIf chunk, still go through the page's decode, which honours them,
 * as does every other type (WebP, GIF, AVIF, BMP, SVG...).
 */

/** Enough of the file's start to hold a JPEG's EXIF block or a PNG's chunks before its pixels. */
export const HEAD_BYTES = 64 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when `head` (the file's first bytes) is a PNG or JPEG that tesseract.js decodes as the browser shows it. */
export function readableAsIs(head: Uint8Array): boolean {
  if (PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return pngWithoutExif(head);
  if (head[0] === 0xff && head[1] === 0xd8) return jpegOrientation(head) === 1;
  return false;
}

/**
 * A PNG whose chunks up to its first pixel data (IDAT) hold no eXIf. Unknown (the chunks run past the
 * head, or are malformed) is false: the page's decode is always right, only slower.
 */
function pngWithoutExif(head: Uint8Array): boolean {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = PNG_SIGNATURE.length;
  while (offset + 8 <= head.byteLength) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...head.subarray(offset + 4, offset + 8));
    if (type === 'eXIf') return false;
    if (type === 'IDAT') return true;
    offset += 12 + length; // length, type, data, CRC
  }
  return false;
}

/**
 * The EXIF orientation (1–8) of a JPEG's first bytes: 1, the default, when it has no EXIF block or no
 * orientation tag; null when the head cannot tell (its segments run past it, or the EXIF block is
 * malformed). Reads the APP1 "Exif" segment's first directory (IFD0), in either byte order, for tag 0x0112.
 */
export function jpegOrientation(head: Uint8Array): number | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 2;
  while (offset + 4 <= head.byteLength && head[offset] === 0xff) {
    const marker = head[offset + 1]!;
    // Start of scan or end of image: the metadata segments are all before it.
    if (marker === 0xda || marker === 0xd9) return 1;
    const length = view.getUint16(offset + 2);
    const isExif = marker === 0xe1 && String.fromCharCode(...head.subarray(offset + 4, offset + 10)) === 'Exif\0\0';
    if (isExif) return tiffOrientation(view, offset + 10, offset + 2 + length);
    offset += 2 + length;
  }
  return null;
}

/** Tag 0x0112 of the TIFF header at `start`, whose block ends at `end`. */
function tiffOrientation(view: DataView, start: number, end: number): number | null {
  const limit = Math.min(end, view.byteLength);
  if (start + 8 > limit) return null;
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const directory = start + view.getUint32(start + 4, little);
  if (directory + 2 > limit) return null;
  const entries = view.getUint16(directory, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > limit) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return 1;
}

/**
 * The steganography worker: decodes the chosen image, reads or writes the
 * message in its pixels, and encodes the result as PNG — all off the main
 * thread (OffscreenCanvas). One request per worker.
 */
import { err, ok, type Result } from '../../lib/result';
import { serveRequests } from '../../lib/worker';
import { capacityBytes, extractMessage, hideMessage } from './steganography.service';
import { LOAD_FAILED, type ImageInfo, type StegoRequest, type StegoValue } from './steganography.protocol';

interface Decoded {
  context: OffscreenCanvasRenderingContext2D;
  image: ImageData;
}

/**
 * RGBA pixels of the file, EXIF orientation applied (the message lives in the
 * orientation the visitor sees). A carrier is converted to sRGB, because the
 * PNG written from it carries no colour profile; a file to extract from is
 * read with no conversion at all, so its low bits come back exactly as stored.
 */
async function decode(file: Blob, forExtract: boolean): Promise<Result<Decoded>> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      premultiplyAlpha: 'none',
      colorSpaceConversion: forExtract ? 'none' : 'default',
    });
  } catch {
    return err(LOAD_FAILED);
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' });
  if (!context) throw new Error('2D canvas is not available in this browser');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return ok({ context, image: context.getImageData(0, 0, canvas.width, canvas.height, { colorSpace: 'srgb' }) });
}

async function run(request: StegoRequest): Promise<Result<StegoValue>> {
  const decoded = await decode(request.file, request.type === 'extract');
  if (!decoded.ok) return decoded;
  const { context, image } = decoded.value;
  const info: ImageInfo = { width: image.width, height: image.height, capacityBytes: capacityBytes(image.data) };
  if (request.type === 'inspect') return ok(info);
  if (request.type === 'extract') return extractMessage(image.data);

  const hidden = hideMessage({ pixels: image.data, message: request.message });
  if (!hidden.ok) return hidden;
  context.putImageData(new ImageData(hidden.value.pixels, image.width, image.height), 0, 0);
  const png = await context.canvas.convertToBlob({ type: 'image/png' });
  return ok({ ...info, png, messageBytes: hidden.value.messageBytes });
}

serveRequests<StegoRequest, StegoValue>(run);

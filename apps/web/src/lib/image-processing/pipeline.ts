/**
 * Decode → draw → encode, for the image worker (OffscreenCanvas) and for the
 * main-thread fallback (a <canvas>, only where workers cannot draw).
 */
import { err, ok, type Result } from '../result';
import {
  FORMAT_LABEL,
  LOAD_FAILED_MESSAGE,
  OUTPUT_MIME,
  planImage,
  type ImageOperation,
  type ImageOutput,
  type ImagePlan,
} from './operations';
import { grayscaleInPlace } from './pixels';

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;
type AnyContext = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
type Drawable = ImageBitmap | HTMLImageElement | AnyCanvas;

export interface DecodedImage {
  image: Drawable;
  width: number;
  height: number;
  close(): void;
}

/** Where the pixels live: an OffscreenCanvas in the worker, a <canvas> on the main thread. */
export interface Surface {
  decode(file: Blob): Promise<DecodedImage>;
  createCanvas(width: number, height: number): { canvas: AnyCanvas; context: AnyContext };
  encode(canvas: AnyCanvas, type: string, quality?: number): Promise<Blob>;
}

function context2d(canvas: AnyCanvas): AnyContext {
  const context = canvas.getContext('2d') as AnyContext | null;
  if (!context) throw new Error('This browser gave no 2-D drawing context');
  return context;
}

/** EXIF orientation respected (every image tool: docs/decisions/0013-performance-goals.md). */
async function decodeBitmap(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

export const offscreenSurface: Surface = {
  decode: decodeBitmap,
  createCanvas(width, height) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: context2d(canvas) };
  },
  encode: (canvas, type, quality) =>
    (canvas as OffscreenCanvas).convertToBlob(quality === undefined ? { type } : { type, quality }),
};

/** An <img> decodes what createImageBitmap cannot (SVG), with EXIF orientation applied by CSS default. */
async function decodeElement(file: Blob): Promise<DecodedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  return { image, width: image.naturalWidth, height: image.naturalHeight, close: () => {} };
}

export const documentSurface: Surface = {
  async decode(file) {
    if (typeof createImageBitmap === 'function') {
      try {
        return await decodeBitmap(file);
      } catch (error) {
        if (file.type !== 'image/svg+xml') throw error;
      }
    }
    return decodeElement(file);
  },
  createCanvas(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return { canvas, context: context2d(canvas) };
  },
  encode: (canvas, type, quality) =>
    new Promise((resolve, reject) =>
      (canvas as HTMLCanvasElement).toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image'))),
        type,
        quality,
      ),
    ),
};

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new DOMException('Image processing was cancelled', 'AbortError');
}

/**
 * Draws the plan's source onto the output canvas. Every scale is one `drawImage` with the browser's
 * high-quality smoothing (mipmapped, so a large reduction does not alias), the Compressor's and the
 * Resizer's alike. The Resizer used pica's Lanczos filter before: on a 12 MP photo →
 * 1920 × 1080 it took 265–350 ms on the worker's one thread (its own tile workers were slower still
 * here), where the browser's draw takes 25–30 ms, and the two results are 38.1 dB PSNR apart, a
 * difference no one sees at that size. The trade is recorded in docs/decisions/0013-performance-goals.md.
 */
function draw(plan: ImagePlan, source: DecodedImage, context: AnyContext) {
  if (plan.background) {
    context.fillStyle = plan.background;
    context.fillRect(0, 0, plan.width, plan.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';

  if (plan.draw.kind === 'transform') {
    context.setTransform(...plan.draw.matrix);
    context.drawImage(source.image, 0, 0);
    context.setTransform(1, 0, 0, 1, 0, 0);
    return;
  }

  const { crop } = plan;
  const place = plan.place ?? { x: 0, y: 0, width: plan.width, height: plan.height };
  context.drawImage(source.image, crop.x, crop.y, crop.width, crop.height, place.x, place.y, place.width, place.height);
}

/**
 * Runs one operation on one file. A file the browser cannot decode is the
 * user's error ("Failed to load image"), as is an impossible size; anything
 * else that throws is a bug and propagates.
 */
export async function runImageOperation(
  file: Blob,
  operation: ImageOperation,
  surface: Surface,
  signal?: AbortSignal,
  /** `file` decoded already, by a preload (image.worker.ts). */
  decoded?: Promise<DecodedImage>,
): Promise<Result<ImageOutput>> {
  let source: DecodedImage;
  try {
    source = await (decoded ?? surface.decode(file));
  } catch {
    return err(LOAD_FAILED_MESSAGE);
  }
  try {
    throwIfAborted(signal);
    const planned = planImage(operation, { width: source.width, height: source.height, type: file.type });
    if (!planned.ok) return planned;
    const plan = planned.value;
    const { canvas, context } = surface.createCanvas(plan.width, plan.height);
    draw(plan, source, context);
    throwIfAborted(signal);
    if (plan.grayscale) {
      const pixels = context.getImageData(0, 0, plan.width, plan.height);
      grayscaleInPlace(pixels.data);
      context.putImageData(pixels, 0, 0);
    }
    const type = OUTPUT_MIME[plan.format];
    const blob = await surface.encode(canvas, type, plan.quality);
    canvas.width = 0;
    if (blob.type !== type) return err(`This browser cannot save ${FORMAT_LABEL[plan.format]} images`);
    throwIfAborted(signal);
    return ok({ blob, width: plan.width, height: plan.height, sourceWidth: source.width, sourceHeight: source.height });
  } finally {
    source.close();
  }
}

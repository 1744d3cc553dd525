/**
 * Decode → draw → encode, for the image worker (OffscreenCanvas) and for the
 * main-thread fallback (a <canvas>, only where workers cannot draw). pica is
 * imported here and nowhere else the screens load eagerly.
 */
import pica, { type Pica } from 'pica';
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

let resizer: Pica | undefined;
/**
 * pica with its math in JavaScript and its inlined WebAssembly only: no
 * nested workers and nothing fetched, so it runs inside the image worker
 * under the app's CSP (script-src 'self' 'wasm-unsafe-eval'). pica 10 can
 * run tiles in workers of its own loaded from a same-origin file (`workerURL`
 * with pica/pica_main), but on the shared 2-core bench machine two such
 * workers resized 4000 × 2250 → 1920 × 1080 slower than this one thread
 * (medians of 8 runs each, alternating: 1,270 ms against 925 ms at a load
 * average of 10, 320 ms against 265 ms at 5): every tile goes through a
 * canvas and a transfer each way, so it stays here.
 */
function getResizer(): Pica {
  resizer ??= pica({ features: ['js', 'wasm'], concurrency: 1 });
  return resizer;
}

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new DOMException('Image processing was cancelled', 'AbortError');
}

async function draw(plan: ImagePlan, source: DecodedImage, surface: Surface, context: AnyContext, target: AnyCanvas) {
  if (plan.background) {
    context.fillStyle = plan.background;
    context.fillRect(0, 0, plan.width, plan.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const { crop } = plan;

  if (plan.draw.kind === 'transform') {
    context.setTransform(...plan.draw.matrix);
    context.drawImage(source.image, 0, 0);
    context.setTransform(1, 0, 0, 1, 0, 0);
    return;
  }

  const place = plan.place ?? { x: 0, y: 0, width: plan.width, height: plan.height };
  const sameSize = crop.width === place.width && crop.height === place.height;
  if (plan.draw.resampler === 'native' || sameSize) {
    context.drawImage(
      source.image,
      crop.x,
      crop.y,
      crop.width,
      crop.height,
      place.x,
      place.y,
      place.width,
      place.height,
    );
    return;
  }

  // pica resamples with a Lanczos-like filter into a canvas of the exact size. It reads pixels
  // from a canvas, so the source, or its cropped part, is drawn onto one first. Handing it the
  // ImageBitmap would not skip this draw: in Chromium 156 pica finds its "bitmap region after
  // orientation" bug and draws the bitmap onto a full-size canvas itself, which in a worker
  // without its own workers it cannot make (the run ended in an error).
  const piece = surface.createCanvas(crop.width, crop.height);
  piece.context.drawImage(source.image, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  if (plan.background || plan.place) {
    // Resample onto a transparent canvas of the drawn part's size, then lay it over the
    // background (and the padding) at its place.
    const scaled = surface.createCanvas(place.width, place.height);
    await getResizer().resize(piece.canvas, scaled.canvas);
    context.drawImage(scaled.canvas, place.x, place.y);
    scaled.canvas.width = 0;
  } else {
    await getResizer().resize(piece.canvas, target);
  }
  piece.canvas.width = 0;
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
  if (operation.kind === 'resize') {
    // pica's set-up (its feature checks, which decode and draw test images, and compiling its
    // WebAssembly) runs while the file decodes instead of after it; a failure shows in the resize.
    const setUp = getResizer().init();
    setUp.catch(() => {});
  }
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
    await draw(plan, source, surface, context, canvas);
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

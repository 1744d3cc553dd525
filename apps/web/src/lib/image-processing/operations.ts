/**
 * What the image tools ask the image worker to do, and the plan each request
 * turns into once the source size is known. Shared by the screens, the worker
 * and the main-thread fallback; no DOM here, so the screens'
 * chunks stay small (heavy work stays off the screen chunk: docs/decisions/0012-code-habits.md).
 */
import { err, ok, type Result } from '../result';
import type { WorkerAnswer } from '../worker';
import {
  coverCrop,
  fitInside,
  fitWithin,
  padPlacement,
  rotationMatrix,
  type Matrix,
  type Rect,
  type Size,
} from './geometry';

export type OutputFormat = 'png' | 'jpeg' | 'webp';
export type OutputMime = 'image/png' | 'image/jpeg' | 'image/webp';

export const OUTPUT_MIME: Record<OutputFormat, OutputMime> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const FORMAT_LABEL: Record<OutputFormat, string> = { png: 'PNG', jpeg: 'JPG', webp: 'WEBP' };

/**
 * How a resize fills its target box:
 * - `contain`: fitted inside the box, proportions kept (the result may be smaller than the box);
 * - `fill`: exactly the box, stretched;
 * - `cover`: exactly the box, proportions kept, the centre cropped to the box's shape;
 * - `pad`: exactly the box, proportions kept, the whole image centred on the request's background colour.
 */
export type ResizeFit = 'contain' | 'fill' | 'cover' | 'pad';

/** Qualities are the sliders' percentages (10–100), as the screens show them. */
export type ImageOperation =
  | { kind: 'rotate'; degrees: number }
  | { kind: 'grayscale' }
  | { kind: 'compress'; quality: number; maxWidth: number; maxHeight: number }
  | {
      kind: 'resize';
      width: number;
      height: number;
      fit: ResizeFit;
      background?: string;
      /** PNG when absent (the specification's output); `source`: the original's format where it is one of ours. */
      format?: OutputFormat | 'source';
    }
  | { kind: 'convert'; format: OutputFormat; quality?: number };

export interface ImageOutput {
  blob: Blob;
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
}

/** The QR reader's designed wording, used by every image tool for a file the browser cannot decode. */
export const LOAD_FAILED_MESSAGE = 'Failed to load image';
/** The designed wording for a failure after decoding. */
export const PROCESS_FAILED_MESSAGE = 'Error processing image';

/**
 * Canvas limits: browsers refuse canvases beyond about 16 384 px a side or
 * 268 M pixels; 64 M pixels (256 MB of RGBA) keeps a tab within memory.
 */
export const MAX_SIDE = 16_384;
export const MAX_PIXELS = 64_000_000;

/** One drawing pass, from a decoded source to an encoded file. */
export interface ImagePlan {
  width: number;
  height: number;
  /** The part of the source that is drawn (the whole image unless cover-cropping). */
  crop: Rect;
  /** Where in the output it is drawn, when not over the whole output (padding around it). */
  place?: Rect;
  /**
   * A rotation's matrix, or a scale of `crop` onto `place` by the browser's own high-quality
   * smoothing (pipeline.ts says why no resampler of our own).
   */
  draw: { kind: 'transform'; matrix: Matrix } | { kind: 'scale' };
  grayscale: boolean;
  /** Painted under the image first: JPEG has no transparency, so it is flattened onto white. */
  background: string | null;
  format: OutputFormat;
  /** Encoder quality 0–1, where the format takes one. */
  quality?: number;
}

const WHITE = '#ffffff';

/** What the encoders make of a lossy resize: the browsers' own default quality. */
const RESIZED_LOSSY_QUALITY = 0.92;

/** The format a resize of a file of `sourceType` writes: `source` keeps JPEG and WebP, and makes PNG of anything else. */
export function resizeFormat(format: OutputFormat | 'source' | undefined, sourceType: string): OutputFormat {
  if (format !== 'source') return format ?? 'png';
  if (sourceType === 'image/jpeg') return 'jpeg';
  if (sourceType === 'image/webp') return 'webp';
  return 'png';
}

const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= 100;
const isColour = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
const isSide = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

function tooLarge({ width, height }: Size): string | null {
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    return `The result would be ${width} × ${height} pixels, more than this browser can draw (at most ${MAX_SIDE} pixels a side and ${MAX_PIXELS / 1_000_000} megapixels)`;
  }
  return null;
}

/**
 * Turns a request into a drawing plan for a source of the given size, or an
 * error a user can act on (an impossible size, an out-of-range value).
 */
export function planImage(operation: ImageOperation, source: Size & { type?: string }): Result<ImagePlan> {
  if (!isSide(source.width) || !isSide(source.height)) return err(LOAD_FAILED_MESSAGE);
  const whole: Rect = { x: 0, y: 0, width: source.width, height: source.height };
  let plan: ImagePlan;
  switch (operation.kind) {
    case 'rotate': {
      if (!Number.isFinite(operation.degrees)) return err('The angle must be a number');
      const { size, matrix } = rotationMatrix(source, operation.degrees);
      plan = {
        ...size,
        crop: whole,
        draw: { kind: 'transform', matrix },
        grayscale: false,
        background: null,
        format: 'png',
      };
      break;
    }
    case 'grayscale':
      plan = {
        ...source,
        crop: whole,
        draw: { kind: 'scale' },
        grayscale: true,
        background: null,
        format: 'png',
      };
      break;
    case 'compress': {
      if (!isPercent(operation.quality)) return err('Quality must be between 1 and 100');
      if (!isSide(operation.maxWidth) || !isSide(operation.maxHeight)) return err('Maximum sizes must be whole pixels');
      const size = fitWithin(source, { width: operation.maxWidth, height: operation.maxHeight });
      plan = {
        ...size,
        crop: whole,
        draw: { kind: 'scale' },
        grayscale: false,
        background: WHITE,
        format: 'jpeg',
        quality: operation.quality / 100,
      };
      break;
    }
    case 'resize': {
      if (!isSide(operation.width) || !isSide(operation.height)) return err('Width and height must be whole pixels');
      const box = { width: operation.width, height: operation.height };
      const size = operation.fit === 'contain' ? fitInside(source, box) : box;
      const crop = operation.fit === 'cover' ? coverCrop(source, box) : whole;
      const format = resizeFormat(operation.format, source.type ?? '');
      // JPEG has no transparency: it is flattened onto white, as the Compressor does.
      let background: string | null = format === 'jpeg' ? WHITE : null;
      if (operation.fit === 'pad') {
        if (!isColour(operation.background)) return err('The padding colour must be a #rrggbb colour');
        background = operation.background;
      }
      plan = {
        ...size,
        crop,
        ...(operation.fit === 'pad' ? { place: padPlacement(source, box) } : {}),
        draw: { kind: 'scale' },
        grayscale: false,
        background,
        format,
        ...(format === 'png' ? {} : { quality: RESIZED_LOSSY_QUALITY }),
      };
      break;
    }
    case 'convert': {
      const { format } = operation;
      if (format === 'jpeg' && !isPercent(operation.quality)) return err('Quality must be between 1 and 100');
      plan = {
        ...source,
        crop: whole,
        draw: { kind: 'scale' },
        grayscale: false,
        background: format === 'jpeg' ? WHITE : null,
        format,
        // JPG at the chosen quality; WEBP (and PNG, which is lossless) at full quality.
        ...(format === 'jpeg' ? { quality: operation.quality! / 100 } : format === 'webp' ? { quality: 1 } : {}),
      };
      break;
    }
  }
  const problem = tooLarge(plan);
  return problem ? err(problem) : ok(plan);
}

/** The typed messages between the screen and the image worker. */
export interface ImageWorkerRequest {
  file: Blob;
  operation: ImageOperation;
  /** The worker was sent `file` as an ImageWorkerPreload and decodes it already. */
  preloaded?: boolean;
}

/** Sent to a worker started ahead of its run, when the file is chosen: decode it now, the run will ask. */
export interface ImageWorkerPreload {
  preload: Blob;
}

export type ImageWorkerResponse = WorkerAnswer<ImageOutput>;

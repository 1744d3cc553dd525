/**
 * What the screen and the steganography worker share: the typed messages.
 * No pixel code here, so the screen's chunk stays small (heavy work stays off the screen chunk: docs/decisions/0012-code-habits.md).
 */
import type { WorkerAnswer } from '../../lib/worker';

/** Shown when the browser cannot decode the chosen file as an image. */
export const LOAD_FAILED = 'Failed to load image';

export interface ImageInfo {
  width: number;
  height: number;
  /** Largest message in UTF-8 bytes. */
  capacityBytes: number;
}

export interface HiddenImage extends ImageInfo {
  /** The carrier with the message in its low bits, encoded as lossless PNG. */
  png: Blob;
  messageBytes: number;
}

export type StegoRequest =
  { type: 'inspect'; file: Blob } | { type: 'hide'; file: Blob; message: string } | { type: 'extract'; file: Blob };

export type StegoResultOf<R extends StegoRequest> = R extends { type: 'inspect' }
  ? ImageInfo
  : R extends { type: 'hide' }
    ? HiddenImage
    : string;

/** Any request's value. */
export type StegoValue = ImageInfo | HiddenImage | string;

/** A crash is a bug or a missing browser feature inside the worker (not something the user got wrong). */
export type StegoResponse = WorkerAnswer<StegoValue>;

/** Test helpers for the image tool screens (imported by tests only). */
import { vi } from 'vitest';
import type { Result } from '../result';
import type { ProcessImage } from './image.client';
import type { ImageOperation, ImageOutput } from './operations';

/** A processImage stand-in that the test answers by hand. */
export function fakeProcess() {
  const calls: {
    file: Blob;
    operation: ImageOperation;
    signal?: AbortSignal;
    resolve: (result: Result<ImageOutput>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const process = vi.fn<ProcessImage>(
    (file, operation, { signal } = {}) =>
      new Promise<Result<ImageOutput>>((resolve, reject) => {
        calls.push({ file, operation, signal, resolve, reject });
        signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      }),
  );
  return { process, calls };
}

export function output(width: number, height: number, bytes: number, type = 'image/png'): ImageOutput {
  return { blob: new Blob([new Uint8Array(bytes)], { type }), width, height, sourceWidth: 400, sourceHeight: 300 };
}

export const imageFile = (name = 'photo.png', bytes = 1000, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

/** jsdom has no object URLs; the previews only need a string. */
export function stubObjectUrls() {
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
}

import { describe, expect, it, vi } from 'vitest';
import { LOAD_FAILED_MESSAGE, type ImageOperation } from './operations';
import { runImageOperation, type DecodedImage, type Surface } from './pipeline';

/** A surface that draws nothing: it records the calls and answers getImageData with fixed pixels. */
function fakeSurface({
  width = 4,
  height = 2,
  pixels = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 128]),
  encodedType,
  decodeFails = false,
}: { width?: number; height?: number; pixels?: Uint8ClampedArray; encodedType?: string; decodeFails?: boolean } = {}) {
  const calls: unknown[][] = [];
  const close = vi.fn();
  const image = { tag: 'bitmap' };
  const context = {
    fillStyle: '',
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    fillRect: (...args: unknown[]) => calls.push(['fillRect', context.fillStyle, ...args]),
    drawImage: (...args: unknown[]) => calls.push(['drawImage', ...args]),
    setTransform: (...args: unknown[]) => calls.push(['setTransform', ...args]),
    getImageData: (...args: unknown[]) => {
      calls.push(['getImageData', ...args]);
      return { data: pixels };
    },
    putImageData: (data: { data: Uint8ClampedArray }) => calls.push(['putImageData', [...data.data]]),
  };
  const surface: Surface = {
    decode: async () => {
      if (decodeFails) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return { image: image as unknown as ImageBitmap, width, height, close } satisfies DecodedImage;
    },
    createCanvas: (w, h) => {
      calls.push(['createCanvas', w, h]);
      return {
        canvas: { width: w, height: h } as OffscreenCanvas,
        context: context as unknown as OffscreenCanvasRenderingContext2D,
      };
    },
    encode: async (_canvas, type, quality) => {
      calls.push(['encode', type, quality]);
      return new Blob(['encoded'], { type: encodedType ?? type });
    },
  };
  return { surface, calls, close, image };
}

const file = new Blob(['not read by the fake']);

describe('runImageOperation', () => {
  it('rotates with the exact matrix on an enlarged canvas and encodes PNG', async () => {
    const { surface, calls, close, image } = fakeSurface();
    const result = await runImageOperation(file, { kind: 'rotate', degrees: 90 }, surface);
    expect(result).toMatchObject({ ok: true, value: { width: 2, height: 4, sourceWidth: 4, sourceHeight: 2 } });
    expect(result.ok && result.value.blob.type).toBe('image/png');
    expect(calls).toEqual([
      ['createCanvas', 2, 4],
      ['setTransform', 0, 1, -1, 0, 2, 0],
      ['drawImage', image, 0, 0],
      ['setTransform', 1, 0, 0, 1, 0, 0],
      ['encode', 'image/png', undefined],
    ]);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('writes the luma of every pixel back, alpha kept', async () => {
    const { surface, calls } = fakeSurface();
    await runImageOperation(file, { kind: 'grayscale' }, surface);
    expect(calls).toContainEqual(['putImageData', [76, 76, 76, 255, 29, 29, 29, 128]]);
    expect(calls.at(-1)).toEqual(['encode', 'image/png', undefined]);
  });

  it('compresses onto white, scaled down to fit, as JPEG at the chosen quality', async () => {
    const { surface, calls, image } = fakeSurface({ width: 4000, height: 3000 });
    const result = await runImageOperation(
      file,
      { kind: 'compress', quality: 75, maxWidth: 1920, maxHeight: 1080 },
      surface,
    );
    expect(result).toMatchObject({ ok: true, value: { width: 1440, height: 1080 } });
    expect(calls).toEqual([
      ['createCanvas', 1440, 1080],
      ['fillRect', '#ffffff', 0, 0, 1440, 1080],
      ['drawImage', image, 0, 0, 4000, 3000, 0, 0, 1440, 1080],
      ['encode', 'image/jpeg', 0.75],
    ]);
  });

  it.each<[ImageOperation, string, number | undefined]>([
    [{ kind: 'convert', format: 'jpeg', quality: 90 }, 'image/jpeg', 0.9],
    [{ kind: 'convert', format: 'webp' }, 'image/webp', 1],
    [{ kind: 'convert', format: 'png' }, 'image/png', undefined],
  ])('converts %j with %s at quality %s', async (operation, type, quality) => {
    const { surface, calls } = fakeSurface();
    await runImageOperation(file, operation, surface);
    expect(calls.at(-1)).toEqual(['encode', type, quality]);
  });

  it('draws a same-size resize directly, without resampling', async () => {
    const { surface, calls, image } = fakeSurface();
    await runImageOperation(file, { kind: 'resize', width: 4, height: 2, fit: 'fill' }, surface);
    expect(calls).toContainEqual(['drawImage', image, 0, 0, 4, 2, 0, 0, 4, 2]);
  });

  it('scales a cover-crop in one high-quality draw straight onto the output canvas', async () => {
    const { surface, calls, image } = fakeSurface({ width: 4000, height: 3000 });
    const result = await runImageOperation(file, { kind: 'resize', width: 1920, height: 1080, fit: 'cover' }, surface);
    expect(result).toMatchObject({ ok: true, value: { width: 1920, height: 1080 } });
    // One canvas (no intermediate copy of the source) and one draw of the centred band.
    expect(calls).toEqual([
      ['createCanvas', 1920, 1080],
      ['drawImage', image, 0, 375, 4000, 2250, 0, 0, 1920, 1080],
      ['encode', 'image/png', undefined],
    ]);
    const context = surface.createCanvas(1, 1).context as unknown as Record<string, unknown>;
    expect(context).toMatchObject({ imageSmoothingEnabled: true, imageSmoothingQuality: 'high' });
  });

  it('pads: fills the whole box with the colour, then draws the image at its centred place', async () => {
    const { surface, calls, image } = fakeSurface();
    const result = await runImageOperation(
      file,
      { kind: 'resize', width: 8, height: 2, fit: 'pad', background: '#00ff00' },
      surface,
    );
    expect(result).toMatchObject({ ok: true, value: { width: 8, height: 2 } });
    expect(calls.slice(0, 3)).toEqual([
      ['createCanvas', 8, 2],
      ['fillRect', '#00ff00', 0, 0, 8, 2],
      ['drawImage', image, 0, 0, 4, 2, 2, 0, 4, 2],
    ]);
  });

  it('starts from the decoded image it is given (a preload) instead of decoding the file', async () => {
    const { surface, calls } = fakeSurface({ decodeFails: true });
    const image = { tag: 'preloaded' } as unknown as ImageBitmap;
    const close = vi.fn();
    const decoded = Promise.resolve({ image, width: 4, height: 2, close } satisfies DecodedImage);
    const result = await runImageOperation(file, { kind: 'rotate', degrees: 0 }, surface, undefined, decoded);
    expect(result).toMatchObject({ ok: true, value: { width: 4, height: 2 } });
    expect(calls).toContainEqual(['drawImage', image, 0, 0]);
    expect(close).toHaveBeenCalledTimes(1);
    // A preload that failed is the same user error as a file that cannot be decoded.
    const failed = Promise.reject(new DOMException('bad', 'EncodingError'));
    expect(await runImageOperation(file, { kind: 'grayscale' }, surface, undefined, failed)).toEqual({
      ok: false,
      error: LOAD_FAILED_MESSAGE,
    });
  });

  it('answers "Failed to load image" for a file the browser cannot decode', async () => {
    const { surface, calls } = fakeSurface({ decodeFails: true });
    expect(await runImageOperation(file, { kind: 'grayscale' }, surface)).toEqual({
      ok: false,
      error: LOAD_FAILED_MESSAGE,
    });
    expect(calls).toEqual([]);
  });

  it('says so when the browser cannot encode the format (it answered PNG instead of WEBP)', async () => {
    const { surface, close } = fakeSurface({ encodedType: 'image/png' });
    expect(await runImageOperation(file, { kind: 'convert', format: 'webp' }, surface)).toEqual({
      ok: false,
      error: 'This browser cannot save WEBP images',
    });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('returns a planning error without drawing, and still releases the decoded image', async () => {
    const { surface, calls, close } = fakeSurface({ width: 12000, height: 12000 });
    const result = await runImageOperation(file, { kind: 'rotate', degrees: 45 }, surface);
    expect(result.ok).toBe(false);
    expect(calls).toEqual([]);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('stops with an AbortError when the signal has fired', async () => {
    const { surface, calls, close } = fakeSurface();
    const controller = new AbortController();
    controller.abort();
    await expect(runImageOperation(file, { kind: 'grayscale' }, surface, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toEqual([]);
    expect(close).toHaveBeenCalledTimes(1);
  });
});

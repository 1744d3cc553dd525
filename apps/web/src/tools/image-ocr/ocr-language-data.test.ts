import { afterEach, describe, expect, it, vi } from 'vitest';
import { OCR_LANGUAGE_BYTES } from './ocr-assets';
import { ensureLanguageData, hasLanguageData, languageDataUrl, resetLanguageData } from './ocr-language-data';

afterEach(() => resetLanguageData());

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[], length?: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
  return new Response(body, { headers: length === undefined ? {} : { 'Content-Length': String(length) } });
}

describe('languageDataUrl', () => {
  it.each([
    ['spa', '/', '/vendor/tesseract/lang/spa.traineddata.gz'],
    ['chi_sim', '/app/', '/app/vendor/tesseract/lang/chi_sim.traineddata.gz'],
  ] as const)('%s under %s → %s', (code, base, url) => {
    expect(languageDataUrl(code, base)).toBe(url);
  });
});

describe('ensureLanguageData', () => {
  it('downloads from this site once, reporting bytes, and then has the data', async () => {
    const fetch = vi.fn(async () => streamed([40, 60], 100));
    const progress = vi.fn();
    const first = ensureLanguageData('spa', { fetch, onProgress: progress });
    const second = ensureLanguageData('spa', { fetch });
    await Promise.all([first, second]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/vendor/tesseract/lang/spa.traineddata.gz');
    expect(progress.mock.calls.map(([value]) => value)).toEqual([
      { loaded: 0, total: 100 },
      { loaded: 40, total: 100 },
      { loaded: 100, total: 100 },
      { loaded: 100, total: 100 },
    ]);
    expect(hasLanguageData('spa')).toBe(true);
    await ensureLanguageData('spa', { fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses the known size when the server states none', async () => {
    const progress = vi.fn();
    await ensureLanguageData('fra', { fetch: async () => streamed([10]), onProgress: progress });
    expect(progress.mock.calls[0]![0]).toEqual({ loaded: 0, total: OCR_LANGUAGE_BYTES.fra });
  });

  it('rejects on an HTTP error or a network failure, and tries again next time', async () => {
    await expect(ensureLanguageData('deu', { fetch: async () => new Response('', { status: 404 }) })).rejects.toThrow(
      'HTTP 404',
    );
    await expect(
      ensureLanguageData('deu', {
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(hasLanguageData('deu')).toBe(false);
    await ensureLanguageData('deu', { fetch: async () => streamed([5], 5) });
    expect(hasLanguageData('deu')).toBe(true);
  });
});

/// <reference types="vite/client" />
/**
 * Downloads a language's trained data from this site the first time it is
 * chosen, with byte progress, so the screen can show the size and how far it
 * got. The service worker keeps the response (cache "toolvault-ocr"), and the
 * engine's own request for the same file is then answered from there or
 * revalidated with the browser's HTTP cache, so nothing is fetched twice.
 */
import { OCR_ASSET_DIR, OCR_LANG_DIR, OCR_LANGUAGE_BYTES, type OcrDataCode } from './ocr-assets';

export interface DataProgress {
  loaded: number;
  total: number;
}

export interface LanguageDataOptions {
  onProgress?: (progress: DataProgress) => void;
  fetch?: typeof fetch;
}

/** Same-origin URL of a language's `.traineddata.gz`, where the engine looks for it too. */
export function languageDataUrl(code: OcrDataCode, base: string = import.meta.env.BASE_URL): string {
  return `${base}${OCR_ASSET_DIR}/${OCR_LANG_DIR}/${code}.traineddata.gz`;
}

/** One download per language at a time, shared by everyone who asks; a failed one is forgotten so it can be retried. */
const downloads = new Map<OcrDataCode, { done: Promise<void>; listeners: Set<(progress: DataProgress) => void> }>();
const finished = new Set<OcrDataCode>();

/** True once this page has the language's data (downloaded, or found in the service worker's cache). */
export function hasLanguageData(code: OcrDataCode): boolean {
  return finished.has(code);
}

/** Looks in the service worker's cache, so a language downloaded on an earlier visit is not shown as pending. */
export async function findCachedLanguageData(codes: readonly OcrDataCode[]): Promise<OcrDataCode[]> {
  if (typeof caches === 'undefined') return codes.filter(hasLanguageData);
  const found: OcrDataCode[] = [];
  for (const code of codes) {
    const url = new URL(languageDataUrl(code), window.location.href).href;
    if (finished.has(code) || (await caches.match(url).catch(() => undefined))) {
      finished.add(code);
      found.push(code);
    }
  }
  return found;
}

async function download(code: OcrDataCode, fetchImpl: typeof fetch, report: (progress: DataProgress) => void) {
  const response = await fetchImpl(languageDataUrl(code));
  if (!response.ok) throw new Error(`Language data ${code}: HTTP ${response.status}`);
  const declared = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : OCR_LANGUAGE_BYTES[code];
  if (!response.body) {
    await response.arrayBuffer();
    report({ loaded: total, total });
    return;
  }
  const reader = response.body.getReader();
  let loaded = 0;
  report({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    report({ loaded: Math.min(loaded, total), total });
  }
  report({ loaded: total, total });
}

/** Resolves once the language's data is on this device; rejects when the download fails. */
export function ensureLanguageData(
  code: OcrDataCode,
  { onProgress, fetch: fetchImpl = fetch }: LanguageDataOptions = {},
) {
  if (finished.has(code)) {
    onProgress?.({ loaded: OCR_LANGUAGE_BYTES[code], total: OCR_LANGUAGE_BYTES[code] });
    return Promise.resolve();
  }
  let entry = downloads.get(code);
  if (!entry) {
    const listeners = new Set<(progress: DataProgress) => void>();
    const done = download(code, fetchImpl, (progress) => listeners.forEach((listener) => listener(progress))).then(
      () => {
        finished.add(code);
        downloads.delete(code);
      },
      (error: unknown) => {
        downloads.delete(code);
        throw error;
      },
    );
    entry = { done, listeners };
    downloads.set(code, entry);
  }
  if (onProgress) {
    const listeners = entry.listeners;
    listeners.add(onProgress);
    void entry.done.finally(() => listeners.delete(onProgress)).catch(() => {});
  }
  return entry.done;
}

/** Forgets what was downloaded (tests). */
export function resetLanguageData(): void {
  downloads.clear();
  finished.clear();
}

/**
 * Decodes the QR code in one image, off the main thread. The browser's
 * BarcodeDetector is used when it exists and reads QR codes; otherwise — or
 * when it finds nothing — ZXing-C++ (zxing-wasm). Its .wasm file is part of
 * the build and fetched from the app's own origin, never from a CDN.
 */
import { prepareZXingModule } from 'zxing-wasm/reader';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { err, ok, type Result } from '../../lib/result';
import { serveRequests } from '../../lib/worker';
import { readQrText } from './qr-decode';
import { LOAD_FAILED, PROCESSING_FAILED } from './qr-reader.service';
import type { QrScanRequest, ScanOutcome } from './qr-reader.protocol';

/** The Shape Detection API's BarcodeDetector (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(image: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The image's pixels with EXIF orientation applied, or null when the browser cannot decode the file. */
async function loadPixels(file: Blob): Promise<ImageData | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2D canvas is not available in this browser');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The native detector's answer; undefined when it is missing, cannot read QR codes, or fails. */
async function detectNatively(image: ImageData): Promise<string | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return undefined;
    const [code] = await new Detector({ formats: ['qr_code'] }).detect(image);
    return code?.rawValue;
  } catch {
    return undefined;
  }
}

let zxingReady: Promise<unknown> | undefined;

async function detectWithZxing(image: ImageData): Promise<string | undefined> {
  zxingReady ??= prepareZXingModule({
    overrides: {
      // The only file Emscripten asks for is the .wasm; it comes from this origin's build.
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  await zxingReady;
  return readQrText(image);
}

async function scan(file: Blob): Promise<Result<ScanOutcome>> {
  const image = await loadPixels(file);
  if (!image) return err(LOAD_FAILED);
  const native = await detectNatively(image);
  if (native !== undefined) return ok({ found: true, text: native, decoder: 'BarcodeDetector' });
  let text: string | undefined;
  try {
    text = await detectWithZxing(image);
  } catch {
    zxingReady = undefined;
    return err(PROCESSING_FAILED);
  }
  return ok(
    text === undefined ? { found: false, decoder: 'zxing-wasm' } : { found: true, text, decoder: 'zxing-wasm' },
  );
}

serveRequests<QrScanRequest, ScanOutcome>(({ file }) => scan(file));

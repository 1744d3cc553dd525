/** Messages between the QR Code Reader screen and its worker. */
import type { Result } from '../../lib/result';

/** Which engine answered: the browser's own BarcodeDetector, or ZXing-C++ compiled to WebAssembly. */
export type QrDecoder = 'BarcodeDetector' | 'zxing-wasm';

export const DECODER_LABELS: Record<QrDecoder, string> = {
  BarcodeDetector: "the browser's built-in barcode detector",
  'zxing-wasm': 'ZXing (WebAssembly, served by Toolvault)',
};

export type ScanOutcome = { found: true; text: string; decoder: QrDecoder } | { found: false; decoder: QrDecoder };

export interface QrScanRequest {
  file: Blob;
}

export type QrScanResponse =
  | { type: 'result'; result: Result<ScanOutcome> }
  /** A bug inside the worker (not something the user got wrong). */
  | { type: 'crash'; message: string };

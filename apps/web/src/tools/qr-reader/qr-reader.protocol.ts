/** Messages between the QR Code Reader screen and its worker. */
import type { WorkerAnswer } from '../../lib/worker';

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

export type QrScanResponse = WorkerAnswer<ScanOutcome>;

/**
 * The ZXing-C++ (zxing-wasm) call the QR Code Reader's worker makes, kept apart
 * from the worker so that tests run exactly the same call in Node.
 */
import { readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

export const ZXING_READER_OPTIONS = {
  formats: ['QRCode'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
  // The library's default, "HRI", spells control characters out ("<ESC>", "<GS>") and then tabs and
  // line breaks too. "Plain" is the code's content itself, decoded by its ECI or the guessed
  // character set: the exact characters the writer put in.
  textMode: 'Plain',
} as const satisfies ReaderOptions;

/** The text of the first valid QR code in the image, or undefined when none is found. */
export async function readQrText(image: ImageData | Blob | ArrayBuffer | Uint8Array): Promise<string | undefined> {
  const results = await readBarcodes(image, ZXING_READER_OPTIONS);
  return results.find((result) => result.isValid)?.text;
}

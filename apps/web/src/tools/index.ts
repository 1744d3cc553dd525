/**
 * The tool catalogue: the one list of tools. The router, the home grid, the
 * category filter, search and the footer all derive from it (so none of them can disagree with it).
 * `pnpm new:tool <slug>` adds an entry here.
 */
import type { ToolDefinition } from './define-tool';
import { portScanner } from './port-scanner';
import { hashGenerator } from './hash-generator';
import { passwordGenerator } from './password-generator';
import { base64 } from './base64';
import { ipLookup } from './ip-lookup';
import { urlEncoder } from './url-encoder';
import { wifiAnalyzer } from './wifi-analyzer';
import { textEncryptor } from './text-encryptor';
import { vulnScanner } from './vuln-scanner';
import { steganography } from './steganography';
import { sqlTester } from './sql-tester';
import { ddosSimulator } from './ddos-simulator';
import { imageRotator } from './image-rotator';
import { imageGrayscale } from './image-grayscale';
import { imageCompressor } from './image-compressor';
import { imageResizer } from './image-resizer';
import { qrGenerator } from './qr-generator';
import { qrReader } from './qr-reader';
import { imageToBase64 } from './image-to-base64';
import { imageConverter } from './image-converter';
import { imageOcr } from './image-ocr';
import { networkSpeedTest } from './network-speed-test';
import { shortlinkManager } from './shortlink-manager';

export const tools: readonly ToolDefinition[] = [
  portScanner,
  hashGenerator,
  passwordGenerator,
  base64,
  ipLookup,
  urlEncoder,
  wifiAnalyzer,
  textEncryptor,
  vulnScanner,
  steganography,
  sqlTester,
  ddosSimulator,
  imageRotator,
  imageGrayscale,
  imageCompressor,
  imageResizer,
  qrGenerator,
  qrReader,
  imageToBase64,
  imageConverter,
  imageOcr,
  networkSpeedTest,
  shortlinkManager,
];

export type { ToolDefinition } from './define-tool';

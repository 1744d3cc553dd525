/**
 * Serves the OCR engine from the site itself (docs/decisions/0001-real-tools.md, docs/decisions/0007-privacy.md: no CDN): the
 * tesseract.js worker script, the LSTM-only WebAssembly cores and the English
 * language data are copied from their npm packages into the build output
 * under `vendor/tesseract/`, and answered from node_modules by `vite dev`.
 * Nothing is written into the source tree.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  OCR_ASSET_DIR,
  OCR_CORE_VARIANTS,
  OCR_LANG_DATA_VERSION,
  OCR_LANG_DIR,
  OCR_SHIPPED_LANGUAGES,
  OCR_WORKER_FILE,
} from '../src/tools/image-ocr/ocr-assets.ts';

const require = createRequire(import.meta.url);

/** Folder of an installed package, found the way Node finds it from apps/web. */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export interface TesseractAsset {
  /** Path under the output folder, e.g. `vendor/tesseract/worker.min.js`. */
  fileName: string;
  /** Absolute path of the file in node_modules. */
  source: string;
}

/** Every file the OCR screen may request, and where it comes from. */
export function tesseractAssets(): TesseractAsset[] {
  const core = packageDir('tesseract.js-core');
  const out = (name: string) => `${OCR_ASSET_DIR}/${name}`;
  return [
    { fileName: out(OCR_WORKER_FILE), source: path.join(packageDir('tesseract.js'), 'dist', OCR_WORKER_FILE) },
    ...OCR_CORE_VARIANTS.flatMap((variant) =>
      ['js', 'wasm'].map((ext) => ({
        fileName: out(`${variant}.${ext}`),
        source: path.join(core, `${variant}.${ext}`),
      })),
    ),
    ...OCR_SHIPPED_LANGUAGES.map((code) => ({
      fileName: out(`${OCR_LANG_DIR}/${code}.traineddata.gz`),
      source: path.join(packageDir(`@tesseract.js-data/${code}`), OCR_LANG_DATA_VERSION, `${code}.traineddata.gz`),
    })),
  ];
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  // Served as-is (no Content-Encoding): the engine gunzips the traineddata itself.
  '.gz': 'application/gzip',
};

export function tesseractAssetsPlugin(): Plugin {
  const assets = tesseractAssets();
  let base = '/';
  return {
    name: 'toolvault:tesseract-assets',
    configResolved(config) {
      base = config.base;
    },
    // `vite dev`: answer the same URLs straight from node_modules.
    configureServer(server) {
      const byUrl = new Map(assets.map((asset) => [`${base}${asset.fileName}`, asset.source]));
      server.middlewares.use((req, res, next) => {
        const source = byUrl.get((req.url ?? '').split('?')[0] ?? '');
        if (!source || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        res.setHeader('Content-Type', CONTENT_TYPES[path.extname(source)] ?? 'application/octet-stream');
        res.setHeader('Content-Length', statSync(source).size);
        res.setHeader('Cache-Control', 'no-cache');
        if (req.method === 'HEAD') return res.end();
        createReadStream(source).pipe(res);
      });
    },
    // `vite build`: emit them into the output folder beside the app.
    generateBundle() {
      for (const { fileName, source } of assets) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
  };
}

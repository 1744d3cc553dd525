/**
 * Vite's warning for chunks over 500 kB, minus the one chunk that is large on purpose. The password
 * strength estimator's dictionaries (zxcvbn-ts, about 1.7 MB) load only when someone opens the
 * password generator's strength details, in a chunk of their own that the service worker does not
 * precache either (pwa-plugin.ts). Vite's limit applies to every chunk alike, so raising it for them
 * would hide any other chunk that grew past it; this check keeps the limit for everything else.
 */
import type { Plugin } from 'vite';

/** Vite's own default limit, in kB of minified code (1 kB = 1000 bytes, as Vite counts). */
export const CHUNK_WARNING_KB = 500;

/** Packages whose code may make a chunk large, because that chunk is only ever loaded on demand. */
const ON_DEMAND_PACKAGES = /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]language-/;

export interface ChunkFacts {
  fileName: string;
  /** Minified size in bytes. */
  bytes: number;
  isEntry: boolean;
  isDynamicEntry: boolean;
  moduleIds: readonly string[];
}

/** A chunk loaded only through import() that carries the on-demand dictionaries. */
export function isOnDemandDictionary(chunk: ChunkFacts): boolean {
  return !chunk.isEntry && chunk.isDynamicEntry && chunk.moduleIds.some((id) => ON_DEMAND_PACKAGES.test(id));
}

/** The warning for each chunk over the limit that is not an on-demand dictionary. */
export function oversizedChunks(chunks: readonly ChunkFacts[], limitKb = CHUNK_WARNING_KB): string[] {
  return chunks
    .filter((chunk) => chunk.bytes / 1000 > limitKb && !isOnDemandDictionary(chunk))
    .map((chunk) => `${chunk.fileName} is ${Math.round(chunk.bytes / 1000)} kB, over the ${limitKb} kB chunk limit`);
}

export function chunkSizePlugin(): Plugin {
  return {
    name: 'toolvault:chunk-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                bytes: Buffer.byteLength(output.code),
                isEntry: output.isEntry,
                isDynamicEntry: output.isDynamicEntry,
                moduleIds: output.moduleIds,
              },
            ]
          : [],
      );
      for (const warning of oversizedChunks(chunks)) this.warn(warning);
    },
  };
}

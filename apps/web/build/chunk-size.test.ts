import { describe, expect, it } from 'vitest';
import { oversizedChunks, type ChunkFacts } from './chunk-size.ts';

const DICTIONARY =
  '/repo/node_modules/.pnpm/@zxcvbn-ts+language-common@4.1.3/node_modules/@zxcvbn-ts/language-common/dist/index.esm.js';
const chunk = (facts: Partial<ChunkFacts>): ChunkFacts => ({
  fileName: 'assets/x.js',
  bytes: 1000,
  isEntry: false,
  isDynamicEntry: true,
  moduleIds: ['/repo/apps/web/src/x.ts'],
  ...facts,
});

describe('the chunk size check (build/chunk-size.ts)', () => {
  it.each<[string, ChunkFacts, boolean]>([
    ['a small chunk', chunk({}), false],
    ['exactly at the limit', chunk({ bytes: 500_000 }), false],
    ['any other chunk over the limit', chunk({ bytes: 500_001 }), true],
    [
      'the on-demand dictionary chunk',
      chunk({ fileName: 'assets/strength-estimator.js', bytes: 1_661_550, moduleIds: ['/s.ts', DICTIONARY] }),
      false,
    ],
    ['the dictionaries in the entry chunk', chunk({ bytes: 1_661_550, isEntry: true, moduleIds: [DICTIONARY] }), true],
    [
      'the dictionaries in a chunk loaded statically',
      chunk({ bytes: 1_661_550, isDynamicEntry: false, moduleIds: [DICTIONARY] }),
      true,
    ],
    ['no modules at all (an empty input)', chunk({ bytes: 600_000, moduleIds: [] }), true],
  ])('%s: warned %s', (_label, facts, warned) => {
    expect(oversizedChunks([facts])).toHaveLength(warned ? 1 : 0);
  });

  it('names the chunk and its size', () => {
    expect(oversizedChunks([chunk({ fileName: 'assets/big.js', bytes: 812_400 })])).toEqual([
      'assets/big.js is 812 kB, over the 500 kB chunk limit',
    ]);
  });
});

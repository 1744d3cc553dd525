import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import {
  EMPTY_KEY_ERROR,
  EMPTY_TEXT_ERROR,
  HEX_KEY_ERROR,
  NO_ALGORITHM_ERROR,
  NO_HMAC_ERROR,
  blobChunks,
  byteStreamChunks,
  fileChunks,
  hashChunks,
  hashFile,
  hashText,
  hmacKeyBytes,
  nextTask,
  runHashRequest,
  type HashAlgorithm,
  type ReadableBlob,
} from './hash-generator.service';
import { HASH_ALGORITHMS, HEX_LENGTH } from './hash.protocol';

const encode = (text: string) => new TextEncoder().encode(text);
/** The algorithms Node's OpenSSL also computes, to compare with on random data. */
const NODE_ALGORITHMS = HASH_ALGORITHMS.filter((algorithm) => !algorithm.startsWith('blake'));
const nodeHash = (algorithm: HashAlgorithm, data: string | Uint8Array) =>
  createHash(algorithm).update(data).digest('hex');

/** A file that records the offset of every slice read from it, with a stream() when given one. */
const sliceable = (bytes: Uint8Array | number[], stream?: () => unknown) => {
  const slices: number[] = [];
  const blob = {
    size: bytes.length,
    slice: (start: number, end: number) => {
      slices.push(start);
      return { arrayBuffer: async () => Uint8Array.from(bytes.slice(start, end)).buffer };
    },
    ...(stream ? { stream } : {}),
  };
  return { blob, slices };
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS_80 = '1234567890'.repeat(8);
const FIPS_448 = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
/** FIPS 180-4's two-block example message for SHA-384 and SHA-512. */
const FIPS_896 =
  'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu';

// RFC 1321 §A.5, the MD5 test suite.
const RFC_1321: [string, string][] = [
  ['', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['a', '0cc175b9c0f1b6a831c399e269772661'],
  ['abc', '900150983cd24fb0d6963f7d28e17f72'],
  ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
  [ALNUM, 'd174ab98d277d9f5a5611c2c9f419d9f'],
  [DIGITS_80, '57edf4a22be3c955ac49da2e2107b67a'],
];

// FIPS 180 example messages ("abc", the 448-bit message) and the empty string.
const FIPS_180: [HashAlgorithm, string, string][] = [
  ['sha1', '', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
  ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
  ['sha1', FIPS_448, '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
  ['sha256', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['sha256', FIPS_448, '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  [
    'sha512',
    '',
    'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
  ],
  [
    'sha512',
    'abc',
    'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  ],
  [
    'sha512',
    FIPS_448,
    '204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445',
  ],
  [
    'sha512',
    FIPS_896,
    '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
  ],
  [
    'sha384',
    FIPS_896,
    '09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039',
  ],
];

// FIPS 180-4 SHA-384 examples, FIPS 202 SHA3 examples ("abc" and the empty
// message), RFC 7693's BLAKE2b at 256 bits, and BLAKE3's own test vectors.
const MODERN: [HashAlgorithm, string, string][] = [
  ['sha384', '', '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b'],
  ['sha384', 'abc', 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7'],
  ['sha3-256', '', 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a'],
  ['sha3-256', 'abc', '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
  [
    'sha3-512',
    'abc',
    'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
  ],
  [
    'sha3-512',
    '',
    'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26',
  ],
  ['blake2b-256', '', '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8'],
  ['blake2b-256', 'abc', 'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319'],
  ['blake3', '', 'af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262'],
  ['blake3', 'abc', '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85'],
];

/** BLAKE3's official vectors hash the bytes 0, 1, …, 250, 0, 1, … of each length. */
const blake3Input = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);
const BLAKE3_VECTORS: [number, string][] = [
  [1, '2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213'],
  [1023, '10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11'],
  [1024, '42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7'],
  [1025, 'd00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444'],
  [2048, 'e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a'],
  [102400, 'bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085'],
];

// RFC 2202 (HMAC-SHA-1) and RFC 4231 (HMAC-SHA-256/512) test cases: key as hex, data as hex.
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const AA_80 = 'aa'.repeat(80);
const AA_131 = 'aa'.repeat(131);
const LARGER_KEY = 'Test Using Larger Than Block-Size Key - Hash Key First';
const LARGER_DATA =
  'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.';
const HMAC_VECTORS: [string, HashAlgorithm, string, string, string][] = [
  ['RFC 2202 case 1', 'sha1', '0b'.repeat(20), hex('Hi There'), 'b617318655057264e28bc0b6fb378c8ef146be00'],
  [
    'RFC 2202 case 2',
    'sha1',
    hex('Jefe'),
    hex('what do ya want for nothing?'),
    'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79',
  ],
  ['RFC 2202 case 3', 'sha1', 'aa'.repeat(20), 'dd'.repeat(50), '125d7342b9ac11cd91a39af48aa17b4f63f175d3'],
  [
    'RFC 2202 case 6',
    'sha1',
    AA_80,
    hex('Test Using Larger Than Block-Size Key - Hash Key First'),
    'aa4ae5e15272d00e95705637ce8a3b55ed402112',
  ],
  [
    'RFC 2202 case 7',
    'sha1',
    AA_80,
    hex('Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data'),
    'e8e99d0f45237d786d6bbaa7965c7808bbff1a91',
  ],
  ['RFC 2202 MD5 case 2', 'md5', hex('Jefe'), hex('what do ya want for nothing?'), '750c783e6ab0b503eaa86e310a5db738'],
  [
    'RFC 4231 case 1',
    'sha256',
    '0b'.repeat(20),
    hex('Hi There'),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  ],
  [
    'RFC 4231 case 2',
    'sha256',
    hex('Jefe'),
    hex('what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  ],
  [
    'RFC 4231 case 3',
    'sha256',
    'aa'.repeat(20),
    'dd'.repeat(50),
    '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  ],
  [
    'RFC 4231 case 4',
    'sha256',
    '0102030405060708090a0b0c0d0e0f10111213141516171819',
    'cd'.repeat(50),
    '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  ],
  [
    'RFC 4231 case 6',
    'sha256',
    AA_131,
    hex(LARGER_KEY),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  ],
  [
    'RFC 4231 case 7',
    'sha256',
    AA_131,
    hex(LARGER_DATA),
    '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  ],
  [
    'RFC 4231 case 1',
    'sha512',
    '0b'.repeat(20),
    hex('Hi There'),
    '87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854',
  ],
  [
    'RFC 4231 case 2',
    'sha512',
    hex('Jefe'),
    hex('what do ya want for nothing?'),
    '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
  ],
  [
    'RFC 4231 case 6',
    'sha512',
    AA_131,
    hex(LARGER_KEY),
    '80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598',
  ],
  [
    'RFC 4231 case 7',
    'sha512',
    AA_131,
    hex(LARGER_DATA),
    'e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58',
  ],
];

// FIPS 180 one-million-'a' vectors (FIPS 202 for SHA3), plus MD5 and the BLAKEs of the same message.
const MILLION_A: [HashAlgorithm, string][] = [
  ['md5', '7707d6ae4e027c70eea2a935c2296f21'],
  ['sha1', '34aa973cd4c4daa4f61eeb2bdbad27316534016f'],
  ['sha256', 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  [
    'sha512',
    'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b',
  ],
  ['sha384', '9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985'],
  ['sha3-256', '5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1'],
  [
    'sha3-512',
    '3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87',
  ],
  ['blake2b-256', '0741850f36cba4259628355d1073e24ddb9ca0e1bfac36fd39ae5dc2101e23a4'],
  ['blake3', '616f575a1b58d4c9797d4217b9730ae5e6eb319d76edef6549b46f4efe31ff8b'],
];

/** One million 'a' in uneven chunks, so block boundaries fall inside chunks. */
async function* millionA(): AsyncGenerator<Uint8Array> {
  const sizes = [1, 63, 64, 65, 127, 1000, 4096, 9999];
  let left = 1_000_000;
  for (let i = 0; left > 0; i += 1) {
    const size = Math.min(left, sizes[i % sizes.length]!);
    yield new Uint8Array(size).fill(0x61);
    left -= size;
  }
}

describe('hashChunks', () => {
  it.each(RFC_1321)('MD5 of %j is %s (RFC 1321)', async (message, expected) => {
    expect(await hashChunks([encode(message)], { algorithms: ['md5'] })).toEqual({ md5: expected });
    expect(expected).toBe(nodeHash('md5', message));
  });

  it.each(FIPS_180)('%s of %j is %s (FIPS 180)', async (algorithm, message, expected) => {
    expect(await hashChunks([encode(message)], { algorithms: [algorithm] })).toEqual({ [algorithm]: expected });
    expect(expected).toBe(nodeHash(algorithm, message));
  });

  it.each(MODERN)('%s of %j is %s (official vector)', async (algorithm, message, expected) => {
    expect(await hashChunks([encode(message)], { algorithms: [algorithm] })).toEqual({ [algorithm]: expected });
    if (!algorithm.startsWith('blake')) expect(expected).toBe(nodeHash(algorithm, message));
  });

  it.each(BLAKE3_VECTORS)('BLAKE3 of the official %i-byte input is %s', async (length, expected) => {
    const data = blake3Input(length);
    expect(await hashChunks([data], { algorithms: ['blake3'] })).toEqual({ blake3: expected });
    const pieces = [data.subarray(0, 7), data.subarray(7, 1030), data.subarray(1030)];
    expect(await hashChunks(pieces, { algorithms: ['blake3'] })).toEqual({ blake3: expected });
  });

  it.each(HMAC_VECTORS)('HMAC %s (%s)', async (_name, algorithm, keyHex, dataHex, expected) => {
    const hmacKey = Buffer.from(keyHex, 'hex');
    const data = Buffer.from(dataHex, 'hex');
    expect(await hashChunks([data], { algorithms: [algorithm], hmacKey })).toEqual({ [algorithm]: expected });
  });

  it.each(MILLION_A)('%s of one million "a", streamed in uneven chunks, is %s', async (algorithm, expected) => {
    expect(await hashChunks(millionA(), { algorithms: [algorithm] })).toEqual({ [algorithm]: expected });
  });

  it('computes every digest in one pass', async () => {
    const data = randomBytes(100_000);
    const chunks = [data.subarray(0, 1), data.subarray(1, 70_001), data.subarray(70_001)];
    const digests = await hashChunks(chunks, { algorithms: NODE_ALGORITHMS });
    expect(digests).toEqual(Object.fromEntries(NODE_ALGORITHMS.map((a) => [a, nodeHash(a, data)])));
  });

  it('hashes no chunks at all as the empty message', async () => {
    expect(await hashChunks([], { algorithms: ['md5', 'sha1'] })).toEqual({
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    });
  });

  it('reports the bytes hashed after every chunk', async () => {
    const seen: number[] = [];
    await hashChunks([encode('ab'), encode(''), encode('cde')], {
      algorithms: ['sha1'],
      onProgress: (n) => seen.push(n),
    });
    expect(seen).toEqual([2, 2, 5]);
  });

  it('stops with an AbortError when the signal fires between chunks', async () => {
    const controller = new AbortController();
    const run = hashChunks([encode('a'), encode('b'), encode('c')], {
      algorithms: ['sha256'],
      signal: controller.signal,
      onProgress: (n) => n === 1 && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['no algorithm', []],
    ['an unknown algorithm', ['sha3']],
  ])('treats %s as a bug and throws', async (_name, algorithms) => {
    await expect(hashChunks([], { algorithms: algorithms as HashAlgorithm[] })).rejects.toThrow();
  });
});

describe('hashText', () => {
  it.each([
    ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['md5', ' ', '7215ee9c7d9dc229d2921a40e899ec5f'],
    ['md5', 'message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ] as const)('%s of %j is %s', async (algorithm, text, expected) => {
    expect(await hashText({ text, algorithm })).toEqual({ ok: true, value: expected });
  });

  const UTF8_TEXTS = ['héllo wörld', 'naïve café — crème brûlée', '😀🔐🚀', 'Ünïcödé 日本語 ✓', 'e\u0301 vs \u00e9'];
  it.each(NODE_ALGORITHMS.flatMap((algorithm) => UTF8_TEXTS.map((text) => [algorithm, text] as const)))(
    '%s of %j equals Node crypto on its UTF-8 bytes',
    async (algorithm, text) => {
      expect(await hashText({ text, algorithm })).toEqual({
        ok: true,
        value: nodeHash(algorithm, Buffer.from(text, 'utf8')),
      });
    },
  );

  it.each(HASH_ALGORITHMS)('refuses empty input for %s as a user error', async (algorithm) => {
    expect(await hashText({ text: '', algorithm })).toEqual({ ok: false, error: EMPTY_TEXT_ERROR });
  });

  it('refuses an unknown algorithm as a user error', async () => {
    expect(await hashText({ text: 'abc', algorithm: 'crc32' as HashAlgorithm })).toEqual({
      ok: false,
      error: 'Unsupported algorithm: crc32',
    });
  });

  it('gives lowercase hex of the right length', async () => {
    for (const algorithm of HASH_ALGORITHMS) {
      const result = await hashText({ text: 'Toolvault', algorithm });
      expect(result.ok && result.value).toMatch(new RegExp(`^[0-9a-f]{${HEX_LENGTH[algorithm]}}$`));
    }
  });

  it.each([['\uD800'], ['a\uDC00b'], ['x😀'.slice(0, 2)]])(
    'refuses the lone surrogate in %j instead of hashing U+FFFD',
    async (text) => {
      expect(await hashText({ text, algorithm: 'sha256' })).toEqual({ ok: false, error: NOT_UNICODE_ERROR });
    },
  );

  it('hashes a byte-order mark and a surrogate pair as their exact UTF-8 bytes', async () => {
    const text = '\uFEFFbom 😀';
    expect(await hashText({ text, algorithm: 'sha256' })).toEqual({
      ok: true,
      value: nodeHash('sha256', Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('bom 😀', 'utf8')])),
    });
  });

  it.each([
    ['text key', { format: 'text', value: 'Jefe' }, '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    [
      'hex key',
      { format: 'hex', value: '4a 65 66 65' },
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      '0x hex key',
      { format: 'hex', value: '0x4A656665' },
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
  ] as const)('gives the RFC 4231 HMAC-SHA-256 with a %s', async (_name, hmacKey, expected) => {
    expect(await hashText({ text: 'what do ya want for nothing?', algorithm: 'sha256', hmacKey })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['an empty text key', 'sha256', { format: 'text', value: '' }, EMPTY_KEY_ERROR],
    ['an empty hex key', 'sha256', { format: 'hex', value: '  ' }, EMPTY_KEY_ERROR],
    ['an odd hex key', 'sha256', { format: 'hex', value: 'abc' }, HEX_KEY_ERROR],
    ['a non-hex key', 'sha256', { format: 'hex', value: 'zz' }, HEX_KEY_ERROR],
    ['a lone surrogate in the key', 'sha1', { format: 'text', value: '\uD800' }, NOT_UNICODE_ERROR],
    ['HMAC with BLAKE3', 'blake3', { format: 'text', value: 'key' }, NO_HMAC_ERROR],
  ] as const)('refuses %s as a user error', async (_name, algorithm, hmacKey, error) => {
    expect(await hashText({ text: 'abc', algorithm, hmacKey })).toEqual({ ok: false, error });
  });

  it('reads hex keys exactly', () => {
    expect(hmacKeyBytes({ format: 'hex', value: '00:ff 10' })).toEqual({
      ok: true,
      value: new Uint8Array([0, 255, 16]),
    });
  });
});

describe('blobChunks', () => {
  const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);

  it.each([
    [
      4,
      [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9],
      ],
    ],
    [
      5,
      [
        [0, 1, 2, 3, 4],
        [5, 6, 7, 8, 9],
      ],
    ],
    [10, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]],
    [64, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]],
  ])('slices 10 bytes into chunks of %i', async (size, expected) => {
    const chunks: number[][] = [];
    for await (const chunk of blobChunks(new Blob([bytes]), size)) chunks.push([...chunk]);
    expect(chunks).toEqual(expected);
  });

  it('yields nothing for an empty blob', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of blobChunks(new Blob([]), 4)) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('throws on chunk size %s (a bug, not user input)', async (size) => {
    await expect(blobChunks(new Blob([bytes]), size).next()).rejects.toThrow('Invalid chunk size');
  });

  it('reads exactly one slice ahead of the consumer', async () => {
    const slices: [number, number][] = [];
    const blob: ReadableBlob = {
      size: 10,
      slice: (start, end) => {
        slices.push([start, end]);
        return { arrayBuffer: async () => Uint8Array.from(bytes.subarray(start, end)).buffer };
      },
    };
    const chunks = blobChunks(blob, 3);
    await chunks.next();
    expect(slices).toEqual([
      [0, 3],
      [3, 6],
    ]);
    await chunks.next();
    expect(slices).toHaveLength(3);
    const rest: number[][] = [];
    for await (const chunk of chunks) rest.push([...chunk]);
    expect(rest).toEqual([[6, 7, 8], [9]]);
    expect(slices).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
  });
});

/** A byte stream that hands out `pieces` one per pull, and notes whether it was cancelled. */
function byteStream(pieces: number[][]) {
  const queue = pieces.map((piece) => Uint8Array.from(piece));
  const state = { cancelled: false };
  const stream = new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const next = queue.shift();
      if (next) {
        controller.enqueue(next);
      } else {
        controller.close();
        // A pending BYOB read is answered only once the request is responded to.
        controller.byobRequest?.respond(0);
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** Copies every chunk at once (views are reused after the next read), as hashChunks uses them. */
async function collect(chunks: AsyncIterable<Uint8Array>): Promise<number[][]> {
  const out: number[][] = [];
  for await (const chunk of chunks) out.push([...chunk]);
  return out;
}

describe('byteStreamChunks', () => {
  it.each([
    [
      [
        [0, 1, 2],
        [3, 4, 5, 6, 7],
        [8, 9],
      ],
      4,
    ],
    [[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]], 3],
    [[[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]], 64],
  ])('reads pieces %j with %i-byte buffers, in order, none longer than a buffer', async (pieces, size) => {
    const chunks = await collect(byteStreamChunks(byteStream(pieces).stream, size));
    expect(chunks.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(size);
  });

  it('yields views into fixed buffers of the chunk size, not a new buffer per piece', async () => {
    const lengths: number[] = [];
    for await (const chunk of byteStreamChunks(byteStream([[1, 2], [3], [4, 5, 6]]).stream, 8)) {
      lengths.push(chunk.buffer.byteLength);
    }
    expect(lengths).toEqual([8, 8, 8]);
  });

  it('yields nothing for an empty stream', async () => {
    expect(await collect(byteStreamChunks(byteStream([]).stream, 4))).toEqual([]);
  });

  it('cancels the stream when hashing stops early', async () => {
    const { stream, state } = byteStream([[1], [2], [3], [4]]);
    const controller = new AbortController();
    const run = hashChunks(byteStreamChunks(stream, 4), {
      algorithms: ['md5'],
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
  });

  it('hashes a streamed megabyte like Node crypto', async () => {
    const data = randomBytes(1 << 20);
    const pieces = Array.from({ length: 16 }, (_, i) => [...data.subarray(i << 16, (i + 1) << 16)]);
    const digests = await hashChunks(byteStreamChunks(byteStream(pieces).stream, 100_000), {
      algorithms: NODE_ALGORITHMS,
    });
    expect(digests).toEqual(Object.fromEntries(NODE_ALGORITHMS.map((a) => [a, nodeHash(a, data)])));
  });

  it('throws a TypeError on a stream that is not a byte stream', async () => {
    const stream = new ReadableStream<Uint8Array>({ pull: (controller) => controller.close() });
    await expect(byteStreamChunks(stream, 4).next()).rejects.toThrow(TypeError);
  });
});

describe('nextTask', () => {
  it('resolves in a later task, after every queued microtask (so a worker can be terminated between chunks)', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('task'));
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 100; i += 1) chain = chain.then(() => order.push(`micro ${i}`));
    await Promise.all([task, chain]);
    expect(order.at(-1)).toBe('task');
    expect(order).toHaveLength(101);
  });
});

describe('fileChunks', () => {
  const bytes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

  it('reads a byte stream when the file offers one', async () => {
    const { blob, slices } = sliceable(bytes, () => byteStream([bytes]).stream);
    expect((await collect(fileChunks(blob, 4))).flat()).toEqual(bytes);
    expect(slices).toEqual([]);
  });

  it.each([
    ['has no stream()', undefined],
    ['streams without byte-stream support', () => new ReadableStream({ pull: (controller) => controller.close() })],
  ])('falls back to slices when the file %s', async (_name, stream) => {
    const { blob, slices } = sliceable(bytes, stream);
    expect(await collect(fileChunks(blob, 4))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(slices).toEqual([0, 4, 8]);
  });
});

describe('hashFile', () => {
  const data = randomBytes(1000);

  it.each(NODE_ALGORITHMS)('hashes a file with %s in chunks like Node crypto', async (algorithm) => {
    const progress: number[] = [];
    const result = await hashFile({
      file: new Blob([data]),
      algorithms: [algorithm],
      chunkBytes: 300,
      onProgress: (n) => progress.push(n),
    });
    expect(result).toEqual({ ok: true, value: { [algorithm]: nodeHash(algorithm, data) } });
    expect(progress).toEqual([300, 600, 900, 1000]);
  });

  it.each(BLAKE3_VECTORS)('streams the official %i-byte BLAKE3 input from a file', async (length, expected) => {
    const result = await hashFile({ file: new Blob([blake3Input(length)]), algorithms: ['blake3'], chunkBytes: 1000 });
    expect(result).toEqual({ ok: true, value: { blake3: expected } });
  });

  it.each(MODERN.filter(([, message]) => message === 'abc'))(
    'streams %s of a file holding %j',
    async (algorithm, message, expected) => {
      const result = await hashFile({ file: new Blob([message]), algorithms: [algorithm], chunkBytes: 1 });
      expect(result).toEqual({ ok: true, value: { [algorithm]: expected } });
    },
  );

  it('hashes an empty file', async () => {
    expect(await hashFile({ file: new Blob([]), algorithms: ['sha256'] })).toEqual({
      ok: true,
      value: { sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    });
  });

  it.each([
    ['no algorithm', [], NO_ALGORITHM_ERROR],
    ['an unknown algorithm', ['md5', 'whirlpool'], 'Unsupported algorithm: whirlpool'],
  ])('refuses %s as a user error', async (_name, algorithms, error) => {
    expect(await hashFile({ file: new Blob([data]), algorithms: algorithms as HashAlgorithm[] })).toEqual({
      ok: false,
      error,
    });
  });

  it('can be aborted', async () => {
    const controller = new AbortController();
    const run = hashFile({
      file: new Blob([data]),
      algorithms: ['md5'],
      chunkBytes: 100,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('hashFile, read whole for WebCrypto', () => {
  const data = randomBytes(10_000);
  const all = ['md5', 'sha1', 'sha256', 'sha384', 'sha512', 'sha3-256'] as const;

  it('gives every digest Node crypto gives, WebCrypto and hash-wasm together, reading the file once', async () => {
    const { blob, slices } = sliceable(data);
    const progress: number[] = [];
    const result = await hashFile({
      file: blob,
      algorithms: all,
      chunkBytes: 300,
      wholeFileBytes: data.length,
      onProgress: (n) => progress.push(n),
    });
    expect(result).toEqual({ ok: true, value: Object.fromEntries(all.map((a) => [a, nodeHash(a, data)])) });
    // One read of the whole file, then the progress is complete: no 300-byte chunks.
    expect(slices).toEqual([0]);
    expect(progress).toEqual([data.length]);
  });

  it('streams a file one byte over the budget', async () => {
    const { blob, slices } = sliceable(data);
    const result = await hashFile({
      file: blob,
      algorithms: ['sha256'],
      chunkBytes: 4000,
      wholeFileBytes: data.length - 1,
    });
    expect(result).toEqual({ ok: true, value: { sha256: nodeHash('sha256', data) } });
    expect(slices).toEqual([0, 4000, 8000]);
  });

  it('streams when no algorithm is WebCrypto’s, whatever the budget', async () => {
    const { blob, slices } = sliceable(data);
    const result = await hashFile({ file: blob, algorithms: ['md5'], chunkBytes: 4000, wholeFileBytes: data.length });
    expect(result).toEqual({ ok: true, value: { md5: nodeHash('md5', data) } });
    expect(slices).toEqual([0, 4000, 8000]);
  });

  it('digests an empty file whole', async () => {
    expect(await hashFile({ file: new Blob([]), algorithms: ['sha256', 'md5'], wholeFileBytes: 1 })).toEqual({
      ok: true,
      value: { sha256: nodeHash('sha256', Buffer.alloc(0)), md5: nodeHash('md5', Buffer.alloc(0)) },
    });
  });
});

describe('runHashRequest (the worker body)', () => {
  it.each([
    [
      'text "abc" with MD5',
      { type: 'text', text: 'abc', algorithm: 'md5' },
      { ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } },
    ],
    ['empty text', { type: 'text', text: '', algorithm: 'sha1' }, { ok: false, error: EMPTY_TEXT_ERROR }],
    [
      'a file with MD5 and SHA-1',
      { type: 'file', file: new Blob(['abc']), algorithms: ['md5', 'sha1'] },
      {
        ok: true,
        value: { md5: '900150983cd24fb0d6963f7d28e17f72', sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d' },
      },
    ],
    [
      'a file with no algorithm',
      { type: 'file', file: new Blob(['abc']), algorithms: [] },
      { ok: false, error: NO_ALGORITHM_ERROR },
    ],
  ] as const)('answers %s', async (_name, request, expected) => {
    expect(await runHashRequest(request)).toEqual(expected);
  });

  it('reports file progress with the total size', async () => {
    const progress: [number, number][] = [];
    await runHashRequest(
      { type: 'file', file: new Blob(['abcdefg']), algorithms: ['sha256'], chunkBytes: 3 },
      (done, total) => progress.push([done, total]),
    );
    expect(progress).toEqual([
      [3, 7],
      [6, 7],
      [7, 7],
    ]);
  });
});

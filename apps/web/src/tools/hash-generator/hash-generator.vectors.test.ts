// hashChunks, the core of every digest: the published vectors (RFC 1321, FIPS 180, HMAC, BLAKE3, one
// million 'a'), every digest in one pass, progress, abort, and an algorithm it does not know.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashChunks, type HashAlgorithm } from './hash-generator.service';
import { BLAKE3_VECTORS, blake3Input, MODERN, NODE_ALGORITHMS, nodeHash } from './hash-testing';

const encode = (text: string) => new TextEncoder().encode(text);

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

// What the hash service's tests share: Node's digests to compare with, a file that records its slices,
// and the published vectors both hashChunks' and hashFile's tests hash (imported by tests only).
import { createHash } from 'node:crypto';
import type { HashAlgorithm } from './hash-generator.service';
import { HASH_ALGORITHMS } from './hash.protocol';

/** The algorithms Node's OpenSSL also computes, to compare with on random data. */
export const NODE_ALGORITHMS = HASH_ALGORITHMS.filter((algorithm) => !algorithm.startsWith('blake'));
export const nodeHash = (algorithm: HashAlgorithm, data: string | Uint8Array) =>
  createHash(algorithm).update(data).digest('hex');

/** A file that records the offset of every slice read from it, with a stream() when given one. */
export const sliceable = (bytes: Uint8Array | number[], stream?: () => unknown) => {
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

// FIPS 180-4 SHA-384 examples, FIPS 202 SHA3 examples ("abc" and the empty
// message), RFC 7693's BLAKE2b at 256 bits, and BLAKE3's own test vectors.
export const MODERN: [HashAlgorithm, string, string][] = [
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
export const blake3Input = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);
export const BLAKE3_VECTORS: [number, string][] = [
  [1, '2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213'],
  [1023, '10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11'],
  [1024, '42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7'],
  [1025, 'd00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444'],
  [2048, 'e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a'],
  [102400, 'bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085'],
];

/**
 * The "Expected hash" check: what people paste (a bare digest in any case, a
 * `sha256sum`/`md5sum` line, a BSD `SHA256 (name) = …` line, or a whole
 * SHA256SUMS list) and how a computed digest compares with it. Pure, so the
 * screen and the tests share it.
 */
import { err, ok, type Result } from '../../lib/result';
import { HASH_ALGORITHMS, HEX_LENGTH, type Digests, type HashAlgorithm } from './hash.protocol';

export const EXPECTED_HASH_ERROR = 'Not a hash: paste hex digits, or lines as sha256sum writes them';

/** One digest from the pasted text, with the file name when the line gives one. */
export interface ExpectedEntry {
  hex: string;
  name?: string;
}

const DIGEST_LENGTHS = new Set(Object.values(HEX_LENGTH));
const BARE = /^([0-9a-f]+)$/i;
// GNU coreutils: digest, a space, then a space (text mode) or * (binary mode), then the name.
const GNU = /^\\?([0-9a-f]+) [ *](.+)$/i;
// BSD and `sha256sum --tag`: ALGORITHM (name) = digest.
const BSD = /^[\w-]+ ?\((.+)\) ?= ?([0-9a-f]+)$/i;

function entry(hex: string, name?: string): ExpectedEntry | undefined {
  if (!DIGEST_LENGTHS.has(hex.length)) return undefined;
  return name === undefined ? { hex: hex.toLowerCase() } : { hex: hex.toLowerCase(), name };
}

/**
 * Reads the pasted text: blank lines and `#` comments are skipped, spaces
 * around each line ignored. Empty input is no check at all (an empty list);
 * any line that is not a digest makes the whole input an error, so a typo is
 * never silently ignored.
 */
export function parseExpected(input: string): Result<ExpectedEntry[]> {
  const entries: ExpectedEntry[] = [];
  for (const raw of input.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const bare = BARE.exec(line);
    const gnu = bare ? null : GNU.exec(line);
    const bsd = bare || gnu ? null : BSD.exec(line);
    const found = bare ? entry(bare[1]!) : gnu ? entry(gnu[1]!, gnu[2]!) : bsd ? entry(bsd[2]!, bsd[1]!) : undefined;
    if (!found) return err(EXPECTED_HASH_ERROR);
    entries.push(found);
  }
  return ok(entries);
}

/**
 * The algorithm a digest of this many hex characters most likely comes from:
 * the one sha*sum tools print at that length. 64 could also be SHA3-256 or a
 * BLAKE, 128 SHA3-512, so a user who means those chooses them.
 */
export function algorithmForLength(length: number): HashAlgorithm | undefined {
  return HASH_ALGORITHMS.find((algorithm) => HEX_LENGTH[algorithm] === length);
}

const baseName = (name: string) => name.replace(/^.*[\\/]/, '');

/**
 * The entry that speaks about `fileName`: the only entry when it names no
 * file, else the line whose name (without folders) is the file's name.
 */
export function expectedFor(entries: readonly ExpectedEntry[], fileName?: string): ExpectedEntry | undefined {
  if (entries.length === 1 && entries[0]!.name === undefined) return entries[0];
  if (fileName === undefined) return entries.length === 1 ? entries[0] : undefined;
  return entries.find((candidate) => candidate.name !== undefined && baseName(candidate.name) === baseName(fileName));
}

export type Verdict =
  | { kind: 'match'; algorithm: HashAlgorithm }
  | { kind: 'mismatch' }
  /** The list has no line for this file. */
  | { kind: 'unlisted' };

/** Compares computed digests with what was pasted; undefined when nothing was pasted. */
export function verify(entries: readonly ExpectedEntry[], digests: Digests, fileName?: string): Verdict | undefined {
  if (entries.length === 0) return undefined;
  const expected = expectedFor(entries, fileName);
  if (!expected) return { kind: 'unlisted' };
  const algorithm = HASH_ALGORITHMS.find((candidate) => digests[candidate] === expected.hex);
  return algorithm ? { kind: 'match', algorithm } : { kind: 'mismatch' };
}

/** The digest lines `sha256sum -c` reads back: digest, two spaces, name. */
export function checksumList(rows: readonly { name: string; hex: string }[]): string {
  return rows.map(({ name, hex }) => `${hex}  ${name}\n`).join('');
}

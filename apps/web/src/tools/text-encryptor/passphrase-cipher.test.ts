// @vitest-environment node
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import {
  DEFAULT_ITERATIONS,
  NOT_A_MESSAGE,
  PASSPHRASE_REQUIRED,
  WRONG_PASSPHRASE,
  decryptWithPassphrase,
  encryptWithPassphrase,
  parseMessage,
} from './passphrase-cipher';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const SALT = fromHex('000102030405060708090a0b0c0d0e0f');
const IV = fromHex('101112131415161718191a1b');
const PASSPHRASE = 'correct horse battery staple';
const PLAIN = 'Attack at dawn! ☀️';
// Made once with Node's own PBKDF2 and AES-GCM from the layout the module documents, so the format cannot drift.
const VECTOR = 'AQEACSfAEAABAgMEBQYHCAkKCwwNDg8MEBESExQVFhcYGRobTWYJpHOUiBa/mv2pu51V2vOgGgs+6FNFwosYYn5lVX/heO3dh2g=';

/** Few iterations keep the property tests fast; the format is the same. */
const FAST = 1000;

const flip = (message: string, index: number) => {
  const bytes = Buffer.from(message, 'base64');
  bytes[index]! ^= 0x01;
  return bytes.toString('base64');
};

describe('AES-256-GCM with a passphrase', () => {
  it('encrypts to the fixed known-answer vector with the default 600,000 iterations', async () => {
    expect(await encryptWithPassphrase({ text: PLAIN, passphrase: PASSPHRASE, salt: SALT, iv: IV })).toEqual({
      ok: true,
      value: VECTOR,
    });
    expect(parseMessage(VECTOR)).toMatchObject({ ok: true, value: { iterations: DEFAULT_ITERATIONS } });
  });

  it('decrypts the vector, and Node decrypts it from the documented layout alone', async () => {
    expect(await decryptWithPassphrase({ message: VECTOR, passphrase: PASSPHRASE })).toEqual({
      ok: true,
      value: PLAIN,
    });
    const bytes = Buffer.from(VECTOR, 'base64');
    const iterations = bytes.readUInt32BE(2);
    const salt = bytes.subarray(7, 23);
    const iv = bytes.subarray(24, 36);
    const sealed = bytes.subarray(36);
    const key = pbkdf2Sync(PASSPHRASE, salt, iterations, 32, 'sha256');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(bytes.subarray(0, 36));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    expect(plain.toString('utf8')).toBe(PLAIN);
  });

  it('uses a fresh salt and IV each time', async () => {
    const a = await encryptWithPassphrase({ text: 'same', passphrase: 'p', iterations: FAST });
    const b = await encryptWithPassphrase({ text: 'same', passphrase: 'p', iterations: FAST });
    expect(a.ok && b.ok && a.value !== b.value).toBe(true);
  });

  it('round-trips any text and passphrase exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        async (text, passphrase) => {
          const sealed = await encryptWithPassphrase({ text, passphrase, iterations: FAST });
          if (!sealed.ok) return false;
          const opened = await decryptWithPassphrase({ message: sealed.value, passphrase });
          return opened.ok && opened.value === text;
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses any single changed bit with a clear message, never garbage', async () => {
    const sealed = await encryptWithPassphrase({ text: 'secret', passphrase: 'p', iterations: FAST });
    if (!sealed.ok) throw new Error(sealed.error);
    const length = Buffer.from(sealed.value, 'base64').length;
    for (let index = 0; index < length; index += 1) {
      const opened = await decryptWithPassphrase({ message: flip(sealed.value, index), passphrase: 'p' });
      expect(opened.ok, `byte ${index}`).toBe(false);
      expect([WRONG_PASSPHRASE, NOT_A_MESSAGE]).toContain(!opened.ok && opened.error);
    }
  });

  it('says so for a wrong passphrase', async () => {
    expect(await decryptWithPassphrase({ message: VECTOR, passphrase: 'Correct horse battery staple' })).toEqual({
      ok: false,
      error: WRONG_PASSPHRASE,
    });
  });

  it.each([
    ['empty input', ''],
    ['not Base64', 'hello world!'],
    ['Base64 of something else', Buffer.from('just some text that is long enough').toString('base64')],
    ['a cut-off message', VECTOR.slice(0, 40)],
    ['no ciphertext at all', Buffer.from(VECTOR, 'base64').subarray(0, 36).toString('base64')],
  ])('refuses %s as not a message', async (_name, message) => {
    expect(await decryptWithPassphrase({ message, passphrase: PASSPHRASE })).toEqual({
      ok: false,
      error: NOT_A_MESSAGE,
    });
  });

  it.each([
    ['another format version', 0, 2],
    ['another key derivation', 1, 2],
  ])('refuses %s', async (_name, index, value) => {
    const bytes = Buffer.from(VECTOR, 'base64');
    bytes[index] = value;
    expect(await decryptWithPassphrase({ message: bytes.toString('base64'), passphrase: PASSPHRASE })).toEqual({
      ok: false,
      error: NOT_A_MESSAGE,
    });
  });

  it('refuses an iteration count that would freeze the page', () => {
    const bytes = Buffer.from(VECTOR, 'base64');
    bytes.writeUInt32BE(0xffffffff, 2);
    expect(parseMessage(bytes.toString('base64'))).toEqual({ ok: false, error: NOT_A_MESSAGE });
  });

  it.each([
    ['no passphrase', 'text', '', PASSPHRASE_REQUIRED],
    ['text that is not valid Unicode', 'a\uD800', 'p', NOT_UNICODE_ERROR],
    ['a passphrase that is not valid Unicode', 'a', '\uDC00', NOT_UNICODE_ERROR],
  ])('refuses %s', async (_name, text, passphrase, error) => {
    expect(await encryptWithPassphrase({ text, passphrase, iterations: FAST })).toEqual({ ok: false, error });
  });
});

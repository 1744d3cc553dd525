import { act, fireEvent, screen, within } from '@testing-library/react';
import { render } from '../../lib/testing-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TextEncryptorTool from './TextEncryptorTool';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

// WebCrypto is tested in passphrase-cipher.test.ts and in the browser suite; here the
// screen's async path is driven by hand.
const pending: { resolve: (value: { ok: true; value: string }) => void; options: unknown }[] = [];
vi.mock('./passphrase-cipher', () => ({
  DEFAULT_ITERATIONS: 600_000,
  encryptWithPassphrase: (options: unknown) => new Promise((resolve) => pending.push({ resolve, options })),
  decryptWithPassphrase: (options: unknown) => new Promise((resolve) => pending.push({ resolve, options })),
}));
beforeEach(() => {
  pending.length = 0;
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (algorithm: string) =>
  fireEvent.change(screen.getByLabelText('Algorithm'), { target: { value: algorithm } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('TextEncryptorTool', () => {
  it('offers the four algorithms and AES and disables the actions on empty input', () => {
    render(<TextEncryptorTool />);
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(['caesar', 'vigenere', 'base64', 'reverse', 'aes-gcm']);
    expect(screen.getByRole('button', { name: 'Encrypt' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrypt' })).toBeDisabled();
  });

  it('opens with the algorithm and Caesar shift of its address; bad values fall back', () => {
    const { unmount } = render(<TextEncryptorTool />, { url: '/text-encryptor?shift=7' });
    expect(screen.getByLabelText('Algorithm')).toHaveValue('caesar');
    expect(screen.getByLabelText('Shift')).toHaveValue('7');
    unmount();
    render(<TextEncryptorTool />, { url: '/text-encryptor?algorithm=vigenere&shift=abc' });
    expect(screen.getByLabelText('Algorithm')).toHaveValue('vigenere');
    expect(screen.getByLabelText('Key')).toHaveValue('');
    choose('caesar');
    expect(screen.getByLabelText('Shift')).toHaveValue('3');
  });

  it('labels the key field Shift for caesar, Key for vigenère, and hides it otherwise', () => {
    render(<TextEncryptorTool />);
    expect(screen.getByLabelText('Shift')).toHaveValue('3');
    choose('vigenere');
    expect(screen.getByLabelText('Key')).toHaveValue('');
    expect(screen.queryByLabelText('Shift')).not.toBeInTheDocument();
    choose('base64');
    expect(screen.queryByLabelText('Key')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Shift')).not.toBeInTheDocument();
    choose('reverse');
    expect(screen.queryByRole('textbox', { name: /Key|Shift/ })).not.toBeInTheDocument();
  });

  it('encrypts with Caesar and decrypts back', () => {
    render(<TextEncryptorTool />);
    type('Text', 'Hello, World!');
    click('Encrypt');
    expect(screen.getByLabelText('Output')).toHaveValue('Khoor, Zruog!');
    type('Text', 'Khoor, Zruog!');
    click('Decrypt');
    expect(screen.getByLabelText('Output')).toHaveValue('Hello, World!');
  });

  it('uses a shift of 3 when the shift is not a number', () => {
    render(<TextEncryptorTool />);
    type('Text', 'abc');
    type('Shift', 'three');
    click('Encrypt');
    expect(screen.getByLabelText('Output')).toHaveValue('def');
  });

  it('needs a key for Vigenère, then encrypts the classic vector', () => {
    render(<TextEncryptorTool />);
    type('Text', 'ATTACKATDAWN');
    choose('vigenere');
    click('Encrypt');
    expect(toast.error).toHaveBeenCalledWith('Vigenère cipher requires a key');
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
    type('Key', 'LEMON');
    click('Encrypt');
    expect(screen.getByLabelText('Output')).toHaveValue('LXFOPVEFRNHR');
  });

  it('toasts "Decryption failed" for invalid Base64', () => {
    render(<TextEncryptorTool />);
    type('Text', '@@@');
    choose('base64');
    click('Decrypt');
    expect(toast.error).toHaveBeenCalledWith('Decryption failed');
  });

  it('says the Vigenère key takes letters only instead of dropping digits', () => {
    render(<TextEncryptorTool />);
    type('Text', 'ATTACKATDAWN');
    choose('vigenere');
    type('Key', 'abc123');
    click('Encrypt');
    expect(toast.error).toHaveBeenCalledWith('The Vigenère key takes letters only (A–Z)');
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });

  it('encrypts with AES through the passphrase, disables the actions meanwhile, and drops a stale answer', async () => {
    render(<TextEncryptorTool />);
    type('Text', 'secret');
    choose('aes-gcm');
    expect(screen.getByLabelText('Passphrase')).toHaveAttribute('type', 'password');
    type('Passphrase', 'hunter2 hunter2');
    click('Encrypt');
    expect(pending[0]!.options).toEqual({ text: 'secret', passphrase: 'hunter2 hunter2' });
    expect(screen.getByRole('button', { name: 'Encrypt' })).toBeDisabled();
    await act(async () => pending[0]!.resolve({ ok: true, value: 'AQEAAA==' }));
    expect(screen.getByLabelText('Output')).toHaveValue('AQEAAA==');

    type('Text', 'AQEAAA==');
    click('Decrypt');
    expect(pending[1]!.options).toEqual({ message: 'AQEAAA==', passphrase: 'hunter2 hunter2' });
    type('Text', 'changed meanwhile');
    await act(async () => pending[1]!.resolve({ ok: true, value: 'stale' }));
    expect(screen.getByLabelText('Output')).toHaveValue('AQEAAA==');
    expect(screen.getByRole('button', { name: 'Decrypt' })).toBeEnabled();
  });

  it('ranks all 26 Caesar shifts, best first', () => {
    render(<TextEncryptorTool />);
    type('Text', 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj');
    click('Try all shifts');
    expect(screen.getByText('Most likely shift:')).toHaveTextContent('Most likely shift: 3');
    expect(screen.getByLabelText('Best decryption')).toHaveValue('The quick brown fox jumps over the lazy dog');
    const rows = within(screen.getByRole('list', { name: 'All shifts, best first' })).getAllByRole('listitem');
    expect(rows).toHaveLength(26);
    expect(rows[0]).toHaveTextContent('1. Shift 3The quick brown fox');
    type('Text', 'something else');
    expect(screen.queryByLabelText('Best decryption')).not.toBeInTheDocument();
  });

  it('finds a Vigenère key, and says plainly when the text is too short', () => {
    render(<TextEncryptorTool />);
    choose('vigenere');
    type('Text', 'Lxfopv ef rnhr');
    click('Find the key');
    expect(screen.getByText(/^Too short to find the key/)).toHaveTextContent(
      'Too short to find the key: the text has 12 letters, and at least 100 are needed',
    );
    const plain =
      'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood.';
    type('Key', 'SUN');
    type('Text', plain);
    click('Encrypt');
    const cipher = (screen.getByLabelText('Output') as HTMLTextAreaElement).value;
    type('Key', '');
    type('Text', cipher);
    click('Find the key');
    expect(screen.getByText(/^Most likely key/)).toHaveTextContent('Most likely key: SUN (3 letters)');
    expect(screen.getByLabelText('Best decryption')).toHaveValue(plain);
  });
});

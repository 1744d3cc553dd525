import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TextEncryptorTool from './TextEncryptorTool';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
beforeEach(() => vi.mocked(toast.error).mockClear());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (algorithm: string) =>
  fireEvent.change(screen.getByLabelText('Algorithm'), { target: { value: algorithm } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('TextEncryptorTool', () => {
  it('offers the four algorithms and disables the actions on empty input', () => {
    render(<TextEncryptorTool />);
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(['caesar', 'vigenere', 'base64', 'reverse']);
    expect(screen.getByRole('button', { name: 'Encrypt' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrypt' })).toBeDisabled();
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
});

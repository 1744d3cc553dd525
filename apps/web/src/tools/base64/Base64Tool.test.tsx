import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import Base64Tool from './Base64Tool';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const type = (value: string) => fireEvent.change(screen.getByLabelText('Text or Base64'), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('Base64Tool', () => {
  it('disables Encode and Decode on empty input and shows no output yet', () => {
    render(<Base64Tool />);
    expect(screen.getByRole('button', { name: 'Encode' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decode' })).toBeDisabled();
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
    type(' ');
    expect(screen.getByRole('button', { name: 'Encode' })).toBeEnabled();
  });

  it('encodes and decodes UTF-8 text, with a copy button', () => {
    render(<Base64Tool />);
    type('héllo 😀');
    click('Encode');
    expect(screen.getByLabelText('Output')).toHaveValue('aMOpbGxvIPCfmIA=');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Encoded: the output has 16 characters.');
    type('aMOpbGxvIPCfmIA=');
    click('Decode');
    expect(screen.getByLabelText('Output')).toHaveValue('héllo 😀');
  });

  it('toasts "Invalid Base64 string" and hides the stale output', () => {
    render(<Base64Tool />);
    type('foo');
    click('Encode');
    expect(screen.getByLabelText('Output')).toHaveValue('Zm9v');
    type('@@@');
    click('Decode');
    expect(toast.error).toHaveBeenCalledWith('Invalid Base64 string');
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });

  it('toasts "Failed to encode text" for text with no UTF-8 form', () => {
    render(<Base64Tool />);
    type('bad \uD800');
    click('Encode');
    expect(toast.error).toHaveBeenCalledWith('Failed to encode text');
  });
});

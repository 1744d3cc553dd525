import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import UrlEncoderTool from './UrlEncoderTool';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const type = (value: string) => fireEvent.change(screen.getByLabelText('Text or encoded URL'), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('UrlEncoderTool', () => {
  it('disables both buttons on empty input', () => {
    render(<UrlEncoderTool />);
    expect(screen.getByRole('button', { name: 'URL Encode' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'URL Decode' })).toBeDisabled();
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });

  it('encodes and decodes', () => {
    render(<UrlEncoderTool />);
    type('a b&c=ü');
    click('URL Encode');
    expect(screen.getByLabelText('Output')).toHaveValue('a%20b%26c%3D%C3%BC');
    type('a%20b%26c%3D%C3%BC');
    click('URL Decode');
    expect(screen.getByLabelText('Output')).toHaveValue('a b&c=ü');
  });

  it.each([
    ['URL Decode', '%E0%A4%A', 'Invalid URL encoding'],
    ['URL Encode', 'x\uDC00', 'Failed to encode URL'],
  ])('%s of %j toasts %s', (button, input, message) => {
    render(<UrlEncoderTool />);
    type(input);
    click(button);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(screen.queryByLabelText('Output')).not.toBeInTheDocument();
  });
});

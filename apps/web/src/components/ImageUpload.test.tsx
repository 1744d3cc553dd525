import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ImageUpload } from './ImageUpload';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
const text = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

describe('ImageUpload', () => {
  it('passes an image file on', async () => {
    const onFileChange = vi.fn();
    render(<ImageUpload file={null} onFileChange={onFileChange} />);
    await userEvent.upload(screen.getByLabelText(/Upload image/), png());
    expect(onFileChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'photo.png' }));
    expect(screen.getByText('PNG, JPG, WEBP up to 10MB')).toBeInTheDocument();
  });

  it('refuses a non-image with its fixed message', async () => {
    const onFileChange = vi.fn();
    render(
      <>
        <Toaster />
        <ImageUpload file={null} onFileChange={onFileChange} />
      </>,
    );
    await userEvent.upload(screen.getByLabelText(/Upload image/), text(), { applyAccept: false });
    expect(onFileChange).not.toHaveBeenCalled();
    expect(await screen.findByText('Please select a valid image file')).toBeInTheDocument();
  });

  it('accepts a dropped image and ignores a dropped non-image', () => {
    const onFileChange = vi.fn();
    render(<ImageUpload file={null} onFileChange={onFileChange} />);
    const zone = screen.getByText('Click to choose, or drag and drop an image here').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [text()] } });
    expect(onFileChange).not.toHaveBeenCalled();
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(onFileChange).toHaveBeenCalledTimes(1);
  });

  it('shows the chosen file and removes it', async () => {
    const onFileChange = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    render(<ImageUpload file={png()} onFileChange={onFileChange} />);
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Original: photo.png' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onFileChange).toHaveBeenCalledWith(null);
  });
});

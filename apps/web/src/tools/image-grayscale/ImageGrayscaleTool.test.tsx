import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import ImageGrayscaleTool from './ImageGrayscaleTool';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });

function setup() {
  const fake = fakeProcess();
  render(
    <>
      <Toaster />
      <ImageGrayscaleTool process={fake.process} />
    </>,
  );
  return fake;
}

beforeEach(stubObjectUrls);

describe('ImageGrayscaleTool', () => {
  it('converts in the worker, toasts, and downloads grayscale_<name>.png', async () => {
    const fake = setup();
    expect(screen.getByRole('button', { name: 'Convert to Grayscale' })).toBeDisabled();
    choose(imageFile('cat.webp', 2000, 'image/webp'));
    fireEvent.click(screen.getByRole('button', { name: 'Convert to Grayscale' }));
    expect(fake.calls[0]!.operation).toEqual({ kind: 'grayscale' });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(400, 300, 3000) }));
    expect(await screen.findByText('Image converted to grayscale successfully!')).toBeInTheDocument();
    const result = screen.getByRole('heading', { name: 'Result' }).closest('section')!;
    expect(within(result).getByText('50.0% larger')).not.toHaveClass('text-green-700');
    expect(within(result).getByText('Grayscale dimensions')).toBeInTheDocument();
    fireEvent.click(within(result).getByRole('button', { name: 'Download' }));
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'grayscale_cat.png');
  });

  it('shows "Failed to load image" inline and as a toast for an undecodable file', async () => {
    const fake = setup();
    const success = vi.spyOn(toast, 'success');
    choose(imageFile('broken.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Convert to Grayscale' }));
    await act(async () => fake.calls[0]!.resolve({ ok: false, error: 'Failed to load image' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load image');
    expect(await screen.findAllByText('Failed to load image')).toHaveLength(2);
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
    expect(screen.getByRole('button', { name: 'Convert to Grayscale' })).toBeEnabled();
  });

  it('reports a crashed worker as "Error processing image"', async () => {
    const fake = setup();
    choose(imageFile());
    fireEvent.click(screen.getByRole('button', { name: 'Convert to Grayscale' }));
    await act(async () => fake.calls[0]!.reject(new Error('out of memory')));
    expect(screen.getByRole('alert')).toHaveTextContent('Error processing image');
    expect(await screen.findByText('out of memory')).toBeInTheDocument();
  });
});

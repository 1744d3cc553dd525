import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import ImageCompressorTool from './ImageCompressorTool';
import { render } from '../../lib/testing-router';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });
const slider = (name: string) => screen.getByRole('slider', { name });

beforeEach(stubObjectUrls);

describe('ImageCompressorTool', () => {
  it('has the designed sliders and defaults', () => {
    render(<ImageCompressorTool process={fakeProcess().process} />);
    expect(slider('Quality')).toHaveValue('80');
    expect(slider('Quality')).toHaveAttribute('aria-valuetext', '80%');
    expect(slider('Max Width')).toHaveValue('1920');
    expect(slider('Max Height')).toHaveValue('1080');
    expect([slider('Quality').getAttribute('min'), slider('Quality').getAttribute('max')]).toEqual(['10', '100']);
    expect([slider('Max Width').getAttribute('min'), slider('Max Width').getAttribute('max')]).toEqual(['100', '4000']);
    expect(screen.getByText('PNG, JPG, WEBP up to 10MB')).toBeInTheDocument();
  });

  it('steps by 5 and by 100 with the keyboard, and snaps dragged values to the grid', () => {
    render(<ImageCompressorTool process={fakeProcess().process} />);
    fireEvent.keyDown(slider('Quality'), { key: 'ArrowRight' });
    expect(slider('Quality')).toHaveValue('85');
    fireEvent.keyDown(slider('Max Width'), { key: 'ArrowLeft' });
    expect(slider('Max Width')).toHaveValue('1900');
    fireEvent.keyDown(slider('Max Height'), { key: 'PageUp' });
    expect(slider('Max Height')).toHaveValue('2000');
    fireEvent.change(slider('Max Height'), { target: { value: '1234' } });
    expect(slider('Max Height')).toHaveValue('1200');
    expect(screen.getByText('1200px')).toBeInTheDocument();
  });

  it('compresses with the chosen settings, shows Compressing..., the reduction in green and the download', async () => {
    const fake = fakeProcess();
    render(<ImageCompressorTool process={fake.process} />);
    choose(imageFile('photo.png', 10000));
    fireEvent.keyDown(slider('Quality'), { key: 'ArrowLeft' });
    fireEvent.click(screen.getByRole('button', { name: 'Compress Image' }));
    expect(fake.calls[0]!.operation).toEqual({ kind: 'compress', quality: 75, maxWidth: 1920, maxHeight: 1080 });
    expect(screen.getByRole('button', { name: 'Compressing...' })).toBeDisabled();
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(1440, 1080, 2345, 'image/jpeg') }));

    const result = screen.getByRole('heading', { name: 'Result' }).closest('section')!;
    const reduction = within(result).getByText('Size reduction').nextElementSibling!;
    expect(reduction).toHaveTextContent('76.6%');
    expect(reduction).toHaveClass('text-green-700');
    expect(within(result).getByText('Original size').nextElementSibling).toHaveTextContent('9.8 KB');
    expect(within(result).getByText('Compressed size').nextElementSibling).toHaveTextContent('2.3 KB');
    expect(within(result).getByText('Compressed dimensions').nextElementSibling).toHaveTextContent('1440 × 1080 px');
    fireEvent.click(within(result).getByRole('button', { name: 'Download Compressed Image' }));
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'compressed_photo.jpg');
  });

  it('shows a negative reduction without green when the JPEG came out larger', async () => {
    const fake = fakeProcess();
    render(<ImageCompressorTool process={fake.process} />);
    choose(imageFile('tiny.png', 100));
    fireEvent.click(screen.getByRole('button', { name: 'Compress Image' }));
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(10, 10, 150, 'image/jpeg') }));
    const reduction = screen.getByText('Size reduction').nextElementSibling!;
    expect(reduction).toHaveTextContent('-50.0%');
    expect(reduction).not.toHaveClass('text-green-700');
  });

  it('shows each figure under the heading of the image it describes', async () => {
    const fake = fakeProcess();
    render(<ImageCompressorTool process={fake.process} />);
    choose(imageFile('photo.png', 10000));
    fireEvent.click(screen.getByRole('button', { name: 'Compress Image' }));
    const compressed = { blob: new Blob([new Uint8Array(2345)]), width: 1620, height: 1080 };
    await act(async () =>
      fake.calls[0]!.resolve({ ok: true, value: { ...compressed, sourceWidth: 3000, sourceHeight: 2000 } }),
    );

    const column = (heading: string) => screen.getByRole('region', { name: heading });
    const valueOf = (heading: string, term: string) =>
      within(column(heading)).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Original', 'Original size')).toBe('9.8 KB');
    expect(valueOf('Original', 'Original dimensions')).toBe('3000 × 2000 px');
    expect(valueOf('Compressed', 'Compressed size')).toBe('2.3 KB');
    expect(valueOf('Compressed', 'Compressed dimensions')).toBe('1620 × 1080 px');
    expect(within(column('Original')).queryByText(/^Compressed/)).toBeNull();
    expect(within(column('Compressed')).queryByText(/^Original/)).toBeNull();
    expect(within(column('Original')).getByRole('img')).toHaveAccessibleName('Original image: photo.png');
    expect(within(column('Compressed')).getByRole('img')).toHaveAccessibleName(
      'Compressed image: compressed_photo.jpg',
    );
  });

  it('opens with the sliders of its address (bad values fall back)', () => {
    render(<ImageCompressorTool process={fakeProcess().process} />, {
      url: '/image-compressor?quality=55&maxWidth=800&maxHeight=99999',
    });
    expect(slider('Quality')).toHaveValue('55');
    expect(slider('Max Width')).toHaveValue('800');
    expect(slider('Max Height')).toHaveValue('1080');
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import ImageConverterTool from './ImageConverterTool';
import { render } from '../../lib/testing-router';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });
const format = () => screen.getByRole('combobox', { name: 'Target format' });

beforeEach(stubObjectUrls);

describe('ImageConverterTool', () => {
  it('offers PNG, JPG, WEBP and shows the quality slider (default 90) for JPG only', () => {
    render(<ImageConverterTool process={fakeProcess().process} />);
    expect(
      within(format())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['PNG', 'JPG', 'WEBP']);
    expect(screen.queryByRole('slider', { name: 'Quality' })).not.toBeInTheDocument();
    fireEvent.change(format(), { target: { value: 'jpg' } });
    expect(screen.getByRole('slider', { name: 'Quality' })).toHaveValue('90');
    fireEvent.change(format(), { target: { value: 'webp' } });
    expect(screen.queryByRole('slider', { name: 'Quality' })).not.toBeInTheDocument();
  });

  it.each([
    ['jpg', { kind: 'convert', format: 'jpeg', quality: 90 }, 'converted_photo.jpg'],
    ['webp', { kind: 'convert', format: 'webp' }, 'converted_photo.webp'],
    ['png', { kind: 'convert', format: 'png' }, 'converted_photo.png'],
  ])('converts to %s with %j and downloads %s', async (value, operation, name) => {
    const fake = fakeProcess();
    render(<ImageConverterTool process={fake.process} />);
    choose(imageFile('photo.png', 1000));
    fireEvent.change(format(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(fake.calls[0]!.operation).toEqual(operation);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(400, 300, 877) }));
    const result = screen.getByRole('heading', { name: 'Result' }).closest('section')!;
    expect(within(result).getByText('Size change').nextElementSibling).toHaveTextContent('12.3% smaller');
    fireEvent.click(within(result).getByRole('button', { name: 'Download' }));
    expect(downloadBlob).toHaveBeenLastCalledWith(expect.any(Blob), name);
  });

  it('names the download after the format that was converted, even if the select changed since', async () => {
    const fake = fakeProcess();
    render(<ImageConverterTool process={fake.process} />);
    choose(imageFile('photo.png'));
    fireEvent.change(format(), { target: { value: 'webp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(400, 300, 10) }));
    fireEvent.change(format(), { target: { value: 'jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloadBlob).toHaveBeenLastCalledWith(expect.any(Blob), 'converted_photo.webp');
  });
});

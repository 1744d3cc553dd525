import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import ImageResizerTool from './ImageResizerTool';
import { render } from '../../lib/testing-router';

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });
const mode = () => screen.getByRole('combobox', { name: 'Resize mode' });

beforeEach(stubObjectUrls);

describe('ImageResizerTool', () => {
  it('starts in custom mode with width, height and maintain aspect ratio on', () => {
    render(<ImageResizerTool process={fakeProcess().process} />);
    expect(mode()).toHaveValue('custom');
    expect(screen.getByLabelText('Width (px)')).toHaveValue(800);
    expect(screen.getByLabelText('Height (px)')).toHaveValue(600);
    expect(screen.getByLabelText('Maintain aspect ratio')).toBeChecked();
  });

  it('resizes a custom box with aspect kept, then stretched, showing Resizing...', async () => {
    const fake = fakeProcess();
    render(<ImageResizerTool process={fake.process} />);
    choose(imageFile());
    fireEvent.change(screen.getByLabelText('Width (px)'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Height (px)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[0]!.operation).toEqual({ kind: 'resize', width: 200, height: 100, fit: 'contain' });
    expect(screen.getByRole('button', { name: 'Resizing...' })).toBeDisabled();
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(133, 100, 500) }));
    expect(screen.getByRole('status')).toHaveTextContent('Resized to 133 × 100 px, PNG ready to download.');

    fireEvent.click(screen.getByLabelText('Maintain aspect ratio'));
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[1]!.operation).toEqual({ kind: 'resize', width: 200, height: 100, fit: 'fill' });
  });

  it('saves PNG by default, another format when chosen, and says when the PNG grew past the original', async () => {
    const fake = fakeProcess();
    render(<ImageResizerTool process={fake.process} />);
    expect(screen.getByRole('combobox', { name: 'Output format' })).toHaveValue('png');
    choose(imageFile('photo.jpg', 1000, 'image/jpeg'));
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(800, 600, 5000) }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Resized to 800 × 600 px, PNG ready to download. The PNG is larger than the original: choose JPG or WEBP',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Output format' }), { target: { value: 'source' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[1]!.operation).toEqual({
      kind: 'resize',
      width: 800,
      height: 600,
      fit: 'contain',
      format: 'source',
    });
    await act(async () => fake.calls[1]!.resolve({ ok: true, value: output(800, 600, 500, 'image/jpeg') }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Resized to 800 × 600 px, JPG ready to download\.$/);
    expect(screen.getByRole('img', { name: 'Resized image: resized_photo.jpg' })).toBeInTheDocument();
  });

  it('hides the custom fields for a preset and resizes to exactly its size', () => {
    const fake = fakeProcess();
    render(<ImageResizerTool process={fake.process} />);
    choose(imageFile());
    fireEvent.change(mode(), { target: { value: 'instagram' } });
    expect(screen.queryByLabelText('Width (px)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Maintain aspect ratio')).not.toBeInTheDocument();
    expect(screen.getByText(/exactly 1080 × 1080 pixels/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[0]!.operation).toEqual({ kind: 'resize', width: 1080, height: 1080, fit: 'cover' });
  });

  it.each([
    ['12.5', 'Width must be a whole number of pixels'],
    ['', 'Width is required'],
    ['0', 'Width must be between 1 and 16384 pixels'],
  ])('refuses the width %j inline', (value, message) => {
    render(<ImageResizerTool process={fakeProcess().process} />);
    choose(imageFile());
    fireEvent.change(screen.getByLabelText('Width (px)'), { target: { value } });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Width (px)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Resize Image' })).toBeDisabled();
  });

  it('offers Fill (the default) or Fit with a padding colour beside a preset', () => {
    const fake = fakeProcess();
    render(<ImageResizerTool process={fake.process} />);
    choose(imageFile());
    expect(screen.queryByLabelText('Fill (crop edges)')).not.toBeInTheDocument();
    fireEvent.change(mode(), { target: { value: 'full-hd' } });
    expect(screen.getByRole('group', { name: 'Preset size' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fill (crop edges)')).toBeChecked();
    expect(screen.queryByLabelText(/Padding colour/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Fit (keep everything, pad with a colour)'));
    expect(screen.getByLabelText(/Padding colour/)).toHaveValue('#ffffff');
    fireEvent.change(screen.getByLabelText(/Padding colour/), { target: { value: '#336699' } });
    expect(screen.getByText(/whole image is scaled to fit inside/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[0]!.operation).toEqual({
      kind: 'resize',
      width: 1920,
      height: 1080,
      fit: 'pad',
      background: '#336699',
    });
  });

  it('opens with the settings of its address, and ignores bad values', () => {
    const fake = fakeProcess();
    render(<ImageResizerTool process={fake.process} />, { url: '/image-resizer?mode=instagram&fit=fit&pad=%23000000' });
    expect(mode()).toHaveValue('instagram');
    expect(screen.getByLabelText('Fit (keep everything, pad with a colour)')).toBeChecked();
    expect(screen.getByLabelText(/Padding colour/)).toHaveValue('#000000');
    choose(imageFile());
    fireEvent.click(screen.getByRole('button', { name: 'Resize Image' }));
    expect(fake.calls[0]!.operation).toMatchObject({ width: 1080, height: 1080, fit: 'pad', background: '#000000' });
  });

  it('reads custom sizes from the address, falling back field by field', () => {
    render(<ImageResizerTool process={fakeProcess().process} />, {
      url: '/image-resizer?mode=nope&width=640&height=-3&aspect=0',
    });
    expect(mode()).toHaveValue('custom');
    expect(screen.getByLabelText('Width (px)')).toHaveValue(640);
    expect(screen.getByLabelText('Height (px)')).toHaveValue(600);
    expect(screen.getByLabelText('Maintain aspect ratio')).not.toBeChecked();
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import ImageRotatorTool from './ImageRotatorTool';
import { render } from '../../lib/testing-router';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });
const angle = () => screen.getByLabelText('Rotation angle (degrees)');

function setup() {
  const fake = fakeProcess();
  render(
    <>
      <Toaster />
      <ImageRotatorTool process={fake.process} />
    </>,
  );
  return fake;
}

beforeEach(() => {
  stubObjectUrls();
});

describe('ImageRotatorTool', () => {
  it('starts at 90° with Rotate Image disabled until an image is chosen', () => {
    setup();
    expect(angle()).toHaveValue(90);
    expect(angle()).toHaveAttribute('min', '-360');
    expect(angle()).toHaveAttribute('max', '360');
    expect(screen.getByRole('button', { name: 'Rotate Image' })).toBeDisabled();
    choose(imageFile());
    expect(screen.getByRole('button', { name: 'Rotate Image' })).toBeEnabled();
  });

  it.each(['361', '-400', ''])('refuses the angle %j inline and disables the button', (value) => {
    setup();
    choose(imageFile());
    fireEvent.change(angle(), { target: { value } });
    expect(screen.getByText('Enter an angle between -360 and 360 degrees')).toBeInTheDocument();
    expect(angle()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Rotate Image' })).toBeDisabled();
  });

  it('rotates by a decimal angle in the worker, shows Processing..., then the result, toast and download', async () => {
    const fake = setup();
    const file = imageFile('holiday.jpg', 1000, 'image/jpeg');
    choose(file);
    fireEvent.change(angle(), { target: { value: '-12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate Image' }));
    expect(fake.calls.map(({ file: sent, operation }) => [sent, operation])).toEqual([
      [file, { kind: 'rotate', degrees: -12.5 }],
    ]);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Processing holiday.jpg…');

    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(464, 380, 400) }));
    expect(await screen.findByText('Image rotated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Rotated by -12.5°: 464 × 380 px PNG ready to download.');
    const result = screen.getByRole('heading', { name: 'Result' }).closest('section')!;
    expect(within(result).getByRole('img', { name: 'Original image: holiday.jpg' })).toBeInTheDocument();
    expect(within(result).getByRole('img', { name: 'Rotated image: rotated_holiday.png' })).toBeInTheDocument();
    expect(within(result).getByText('60.0% smaller')).toHaveClass('text-green-700');

    fireEvent.click(within(result).getByRole('button', { name: 'Download' }));
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'rotated_holiday.png');
    expect(await screen.findByText('Image downloaded successfully!')).toBeInTheDocument();
  });

  it('cancels a run: the signal fires, the button comes back and no result is shown', async () => {
    const fake = setup();
    choose(imageFile());
    fireEvent.click(screen.getByRole('button', { name: 'Rotate Image' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(fake.calls[0]!.signal?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Rotate Image' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Image processing cancelled.');
    expect(screen.queryByRole('heading', { name: 'Result' })).not.toBeInTheDocument();
  });

  it('clears the result when another image is chosen', async () => {
    const fake = setup();
    choose(imageFile('a.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate Image' }));
    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(300, 400, 10) }));
    expect(screen.getByRole('heading', { name: 'Result' })).toBeInTheDocument();
    choose(imageFile('b.png'));
    expect(screen.queryByRole('heading', { name: 'Result' })).not.toBeInTheDocument();
  });
});

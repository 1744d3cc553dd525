import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import type { ProcessImage } from '../../lib/image-processing/image.client';
import { ImageToolScreen } from './ImageToolScreen';
import { fakeProcess, imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import { useImageTool, type ImageRequest } from '../../lib/image-processing/use-image-tool';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

type Request = ImageRequest & { degrees: number };

/** A minimal tool: one text field whose value must be a number. */
function DemoTool({ process }: { process: ProcessImage }) {
  const [text, setText] = useState('90');
  const tool = useImageTool<Request>(process);
  const degrees = Number(text);
  return (
    <ImageToolScreen
      tool={tool}
      request={text && Number.isFinite(degrees) ? { operation: { kind: 'rotate', degrees }, degrees } : null}
      runLabel="Run"
      runningLabel="Running..."
      successMessage="Ran!"
      doneText={(out, ran) => `Ran ${ran.degrees}: ${out.width} wide.`}
      result={(file, ran) => ({ resultLabel: 'Turned', fileName: `turned${ran.degrees}_${file.name}` })}
    >
      <label>
        Degrees
        <input value={text} disabled={tool.running} onChange={(event) => setText(event.target.value)} />
      </label>
    </ImageToolScreen>
  );
}

function setup() {
  const fake = fakeProcess();
  render(<DemoTool process={fake.process} />);
  return fake;
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });
const degrees = () => screen.getByLabelText('Degrees');

beforeEach(stubObjectUrls);

describe('ImageToolScreen', () => {
  it('enables the run button only with a file and a valid request', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Upload Image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    choose(imageFile());
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
    fireEvent.change(degrees(), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
  });

  it('runs on submit and describes the result by the request that ran', async () => {
    const fake = setup();
    choose(imageFile('cat.png', 1000));
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(degrees()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Processing cat.png…');

    await act(async () => fake.calls[0]!.resolve({ ok: true, value: output(40, 30, 500) }));
    fireEvent.change(degrees(), { target: { value: '7' } });
    expect(toast.success).toHaveBeenCalledWith('Ran!');
    expect(screen.getByRole('status')).toHaveTextContent('Ran 90: 40 wide.');
    const result = screen.getByRole('heading', { name: 'Result' }).closest('section')!;
    expect(within(result).getByRole('img', { name: 'Turned image: turned90_cat.png' })).toBeInTheDocument();
    expect(within(result).getByText('Turned size')).toBeInTheDocument();
    fireEvent.click(within(result).getByRole('button', { name: 'Download' }));
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'turned90_cat.png');
  });

  it('does not run on submit without a valid request', () => {
    const fake = setup();
    choose(imageFile());
    fireEvent.change(degrees(), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Run' }).closest('form')!);
    expect(fake.calls).toHaveLength(0);
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../lib/result';
import { OCR_OFFLINE_HINT } from './image-ocr.service';
import ImageOcrTool from './ImageOcrTool';
import type { OcrDataCode } from './ocr-assets';
import type { OcrEngine, RecognizedText, RecognizeOptions } from './ocr-engine';
import type { DataProgress } from './ocr-language-data';

/** An engine stand-in that the test answers by hand. */
function fakeEngine() {
  const calls: {
    image: Blob;
    options: RecognizeOptions;
    resolve: (result: Result<RecognizedText>) => void;
  }[] = [];
  const engine: OcrEngine = {
    recognize: vi.fn(
      (image: Blob, options: RecognizeOptions) =>
        new Promise<Result<RecognizedText>>((resolve, reject) => {
          calls.push({ image, options, resolve });
          options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        }),
    ),
    prepare: vi.fn(),
    dispose: vi.fn(async () => {}),
  };
  const create = vi.fn(() => engine);
  return { engine, create, calls };
}

const png = (name = 'receipt.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const extract = () => screen.getByRole('button', { name: /Extract Text|Processing\.\.\./ });
const language = () => screen.getByRole('combobox', { name: 'Language' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText(/Upload image/), { target: { files: [file] } });

/** Language data stand-in: English is here; others "download" when the test says. */
function fakeData() {
  const present = new Set<OcrDataCode>(['eng']);
  const pending: { code: OcrDataCode; progress?: (p: DataProgress) => void; finish: (ok: boolean) => void }[] = [];
  const ensure = vi.fn(
    (code: OcrDataCode, options: { onProgress?: (p: DataProgress) => void } = {}) =>
      new Promise<void>((resolve, reject) => {
        if (present.has(code)) return resolve();
        pending.push({
          code,
          progress: options.onProgress,
          finish: (ok) => {
            if (ok) present.add(code);
            return ok ? resolve() : reject(new Error('offline'));
          },
        });
      }),
  );
  return { present, pending, ensure };
}
let data = fakeData();

function renderTool(fake = fakeEngine()) {
  const view = render(
    <>
      <Toaster />
      <ImageOcrTool
        createEngine={fake.create}
        ensureData={data.ensure}
        findCached={async () => []}
        hasData={(code) => data.present.has(code)}
      />
    </>,
  );
  return { ...view, ...fake };
}

beforeEach(() => {
  data = fakeData();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('ImageOcrTool', () => {
  it('offers the designed languages, English by default, and needs an image before extracting', () => {
    const { create, engine } = renderTool();
    expect(language()).toHaveValue('eng');
    expect(
      within(language())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Spanish', 'French', 'German', 'Chinese', 'Japanese', 'Korean', 'Auto Detect']);
    expect(extract()).toHaveTextContent('Extract Text');
    expect(extract()).toBeDisabled();
    // Nothing of the engine loads before an image is chosen.
    expect(create).not.toHaveBeenCalled();
    choose(png());
    expect(extract()).toBeEnabled();
    // Then its script only: its worker and data wait for the first extraction.
    expect(engine.prepare).toHaveBeenCalledTimes(1);
    expect(engine.recognize).not.toHaveBeenCalled();
  });

  it('reads the image with the engine, shows progress, then the text with its confidence band', async () => {
    const { calls, create } = renderTool();
    choose(png());
    fireEvent.click(extract());
    expect(create).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.image).toBeInstanceOf(File);
    expect(calls[0]!.options.language).toBe('eng');
    expect(extract()).toHaveTextContent('Processing...');
    expect(extract()).toBeDisabled();
    expect(language()).toBeDisabled();

    act(() => calls[0]!.options.onProgress?.({ status: 'loading language traineddata', progress: 0.5 }));
    const bar = screen.getByRole('progressbar', { name: 'Text extraction progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', 'Loading language data: 50%');
    act(() => calls[0]!.options.onProgress?.({ status: 'recognizing text', progress: 0.42 }));
    expect(screen.getByText('Recognizing text: 42%')).toBeInTheDocument();

    await act(async () =>
      calls[0]!.resolve({ ok: true, value: { text: 'Invoice 1234  \nTotal: 42.00\n\n\n\n', confidence: 91.6 } }),
    );
    const output = screen.getByRole('textbox', { name: 'Extracted text' });
    expect(output).toHaveValue('Invoice 1234\nTotal: 42.00');
    expect(output).toHaveAttribute('readonly');
    expect(screen.getByText('Confidence: 92% · Excellent')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Extracted Text' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Text extracted with 92% confidence (Excellent).');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(extract()).toHaveTextContent('Extract Text');
  });

  it.each([
    [85, 'Confidence: 85% · Good'],
    [70.2, 'Confidence: 70% · Fair'],
    [41, 'Confidence: 41% · Poor'],
  ])('shows the band for confidence %s', async (confidence, badge) => {
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: true, value: { text: 'text', confidence } }));
    expect(screen.getByText(badge)).toBeInTheDocument();
  });

  it('keeps one engine for the page across runs and disposes it when the page is left', async () => {
    const { calls, create, engine, unmount } = renderTool();
    expect(create).not.toHaveBeenCalled();
    choose(png());
    // Choosing an image starts loading the engine's script, so the run does not wait for it.
    expect(engine.prepare).toHaveBeenCalledTimes(1);
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: true, value: { text: 'one', confidence: 95 } }));
    fireEvent.click(extract());
    // Results are cleared at the start of every run.
    expect(screen.queryByRole('textbox', { name: 'Extracted text' })).not.toBeInTheDocument();
    await act(async () => calls[1]!.resolve({ ok: true, value: { text: 'two', confidence: 95 } }));
    expect(screen.getByRole('textbox', { name: 'Extracted text' })).toHaveValue('two');
    expect(create).toHaveBeenCalledTimes(1);
    expect(engine.dispose).not.toHaveBeenCalled();
    unmount();
    expect(engine.dispose).toHaveBeenCalledTimes(1);
  });

  it('says so when the image holds no text, without a badge, copy or download', async () => {
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: true, value: { text: ' \n\n', confidence: 0 } }));
    expect(screen.getAllByText('No text found in this image.').length).toBeGreaterThan(0);
    expect(screen.queryByText(/^Confidence:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('toasts the designed message when the engine fails, and is ready again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: false, error: 'Network error while fetching' }));
    expect(await screen.findByText('Error processing image. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Extracted text' })).not.toBeInTheDocument();
    expect(extract()).toBeEnabled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('adds that the engine needs one online run when the failure happens offline', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: false, error: 'Failed to fetch' }));
    const hint = await screen.findByText(OCR_OFFLINE_HINT);
    expect(hint.closest('[data-sonner-toast]')).toHaveTextContent('Error processing image. Please try again.');
    online.mockRestore();
    error.mockRestore();
  });

  it('cancels a run: the engine is aborted and the page is idle again', async () => {
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    const signal = calls[0]!.options.signal!;
    expect(signal.aborted).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(signal.aborted).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Text extraction cancelled.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(extract()).toBeEnabled();
  });

  it.each<[OcrDataCode, string, string]>([
    ['spa', 'Spanish', '2.1 MB'],
    ['fra', 'French', '707 kB'],
    ['deu', 'German', '1.3 MB'],
    ['chi_sim', 'Chinese', '1.7 MB'],
    ['jpn', 'Japanese', '2.0 MB'],
    ['kor', 'Korean', '1.6 MB'],
  ])(
    'downloads %s data when it is first chosen, with its size and progress, then reads with it',
    async (code, label, size) => {
      const { calls } = renderTool();
      choose(png());
      expect(data.ensure).not.toHaveBeenCalled();
      await act(async () => fireEvent.change(language(), { target: { value: code } }));
      expect(data.ensure).toHaveBeenCalledWith(code, expect.anything());
      act(() => data.pending[0]!.progress?.({ loaded: 0, total: 100 }));
      expect(screen.getByText(`Downloading ${label} language data: 0% of ${size}`)).toBeInTheDocument();
      act(() => data.pending[0]!.progress?.({ loaded: 45, total: 100 }));
      expect(screen.getByRole('progressbar', { name: 'Language data download' })).toHaveAttribute(
        'aria-valuenow',
        '45',
      );
      await act(async () => data.pending[0]!.finish(true));
      expect(
        screen.getByText(`${label} language data is on this device; text is read offline too.`),
      ).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      fireEvent.click(extract());
      expect(calls[0]!.options.language).toBe(code);
      expect(data.ensure).toHaveBeenCalledTimes(1);
    },
  );

  it('shows the size before a download, and offers Try again when it fails', async () => {
    renderTool();
    choose(png());
    await act(async () => fireEvent.change(language(), { target: { value: 'spa' } }));
    expect(
      screen.getByText('Spanish language data: 2.1 MB, downloaded from this site once, then kept for offline use.'),
    ).toBeInTheDocument();
    await act(async () => data.pending[0]!.finish(false));
    expect(
      screen.getByText('Spanish language data could not be downloaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(data.ensure).toHaveBeenCalledTimes(2);
  });

  it('runs Auto Detect with all seven languages at once and says so', async () => {
    const { calls } = renderTool();
    choose(png());
    for (const code of ['spa', 'fra', 'deu', 'chi_sim', 'jpn', 'kor'] as const) data.present.add(code);
    await act(async () => fireEvent.change(language(), { target: { value: 'auto' } }));
    expect(screen.getByText(/^Auto Detect reads with all seven languages at once/)).toBeInTheDocument();
    expect(extract()).toBeEnabled();
    fireEvent.click(extract());
    expect(calls[0]!.options.language).toBe('eng+spa+fra+deu+chi_sim+jpn+kor');
  });

  it('copies the text with the designed toast and downloads it as ocr_<name>.txt', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = renderTool();
    choose(png('scan.final.png'));
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: true, value: { text: 'Hello OCR', confidence: 88 } }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('Hello OCR');
    expect(await screen.findByText('Copied!', { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.getByText('Text copied to clipboard')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('ocr_scan.final.txt');
    click.mockRestore();
  });

  it('clears the result when another image is chosen', async () => {
    const { calls } = renderTool();
    choose(png());
    fireEvent.click(extract());
    await act(async () => calls[0]!.resolve({ ok: true, value: { text: 'first', confidence: 95 } }));
    choose(png('other.png'));
    expect(screen.queryByRole('textbox', { name: 'Extracted text' })).not.toBeInTheDocument();
  });
});

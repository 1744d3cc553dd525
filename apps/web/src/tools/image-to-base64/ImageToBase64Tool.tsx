import { Download, FileCode } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { downloadText } from '../../lib/download';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { base64FileName, formatMegabytes, summarizeDataUrl, type Base64Summary } from './image-to-base64.service';
import { formatCount } from '../../lib/format';

const READ_FAILED = 'Failed to read the image file';

/** The file as a data: URL; an abort stops the read and rejects with an AbortError. */
function readDataUrl(file: Blob, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const onAbort = () => {
      reader.abort();
      reject(new DOMException('Reading was cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    reader.onload = () => {
      signal.removeEventListener('abort', onAbort);
      resolve(String(reader.result));
    };
    reader.onerror = () => {
      signal.removeEventListener('abort', onAbort);
      reject(reader.error ?? new Error(READ_FAILED));
    };
    reader.readAsDataURL(file);
  });
}

export default function ImageToBase64Tool() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<(Base64Summary & { fileName: string }) | null>(null);
  const { running, run, cancel } = useCancellableRun();

  const chooseFile = (next: File | null) => {
    cancel();
    setFile(next);
    setResult(null);
  };

  const convert = () => {
    if (!file) return;
    setResult(null);
    void run(async (signal) => {
      const summary = summarizeDataUrl(await readDataUrl(file, signal), file.size);
      if (summary.ok) setResult({ ...summary.value, fileName: base64FileName(file.name) });
      else toast.error(summary.error);
    }).catch(() => toast.error(READ_FAILED));
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Upload Image</h2>
        <div className="mt-4">
          <ImageUpload file={file} onFileChange={chooseFile} disabled={running} />
        </div>
        <button type="button" className={`mt-4 ${ui.button}`} onClick={convert} disabled={!file || running}>
          <FileCode aria-hidden="true" className="size-4" />
          {running ? 'Processing...' : 'Convert to Base64'}
        </button>
      </Card>

      <p role="status" className="sr-only">
        {result
          ? `Converted: the data URL has ${formatCount(result.dataUrlBytes)} characters. Base64 size ${formatMegabytes(result.base64Bytes)}.`
          : ''}
      </p>
      {result ? (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className={ui.subheading}>
              <label htmlFor="base64-output">Base64 data URL</label>
            </h2>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={result.dataUrl} description="Output copied to clipboard" />
              <button
                type="button"
                className={ui.buttonSecondary}
                onClick={() => {
                  downloadText(result.dataUrl, result.fileName);
                  toast.success('File downloaded successfully!', { description: result.fileName });
                }}
              >
                <Download aria-hidden="true" className="size-4" />
                Download .txt
              </button>
            </div>
          </div>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className={ui.muted}>Original size</dt>
              <dd className="text-lg font-semibold text-slate-900 dark:text-white">
                {formatMegabytes(result.originalBytes)}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className={ui.muted}>Base64 size</dt>
              <dd className="text-lg font-semibold text-slate-900 dark:text-white">
                {formatMegabytes(result.base64Bytes)}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className={ui.muted}>Data URL length</dt>
              <dd className="text-lg font-semibold text-slate-900 dark:text-white">
                {formatCount(result.dataUrlBytes)} characters ({formatMegabytes(result.dataUrlBytes)})
              </dd>
            </div>
          </dl>
          <p className={`mt-2 ${ui.muted}`}>
            Base64 size is ¾ of the Base64 text&apos;s length — the bytes it decodes back to. The data URL you paste is
            about a third larger than the file.
          </p>
          <textarea
            id="base64-output"
            value={result.dataUrl}
            readOnly
            rows={6}
            spellCheck={false}
            className={`mt-4 font-mono break-all ${ui.input}`}
          />
          <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">Preview from the data URL</h3>
          <img
            src={result.dataUrl}
            alt={`Preview of ${file?.name ?? 'the image'} rendered from its data URL`}
            className="mt-2 max-h-64 max-w-full rounded-lg border border-slate-200 object-contain dark:border-slate-700"
          />
        </Card>
      ) : null}
    </div>
  );
}

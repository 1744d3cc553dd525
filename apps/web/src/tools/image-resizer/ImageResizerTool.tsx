import { useId, useState, type FormEvent } from 'react';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/client';
import { ImageResultCard, JobStatus, RunButtons } from '../../lib/image-processing/ImageToolParts';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageJob } from '../../lib/image-processing/use-image-job';
import {
  CUSTOM,
  DEFAULT_CUSTOM,
  MODE_OPTIONS,
  findPreset,
  isResizeMode,
  parseDimension,
  resizeOperation,
  resizedFileName,
  type ResizeMode,
} from './image-resizer.service';

const errorText = 'mt-1 text-sm font-medium text-red-700 dark:text-red-400';

export default function ImageResizerTool({ process = processImage }: { process?: ProcessImage }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ResizeMode>(CUSTOM);
  const [width, setWidth] = useState(String(DEFAULT_CUSTOM.width));
  const [height, setHeight] = useState(String(DEFAULT_CUSTOM.height));
  const [keepAspect, setKeepAspect] = useState(true);
  const { job, run, cancel, reset, running } = useImageJob(process);

  const preset = findPreset(mode);
  const widthCheck = parseDimension('Width', width);
  const heightCheck = parseDimension('Height', height);
  const operation = resizeOperation({ mode, width, height, keepAspect });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !operation.ok || running) return;
    await run(file, operation.value);
  };

  const id = (name: string) => `${ids}-${name}`;

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Upload Image</h2>
        <form className="mt-4 space-y-5" onSubmit={onSubmit} noValidate>
          <ImageUpload
            file={file}
            disabled={running}
            onFileChange={(next) => {
              reset();
              setFile(next);
            }}
          />
          <div className="max-w-sm">
            <label htmlFor={id('mode')} className={ui.label}>
              Resize mode
            </label>
            <select
              id={id('mode')}
              value={mode}
              disabled={running}
              onChange={(event) => {
                if (isResizeMode(event.target.value)) setMode(event.target.value);
              }}
              className={ui.input}
            >
              {MODE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>

          {preset ? (
            <p className={ui.muted}>
              The result is exactly {preset.width} × {preset.height} pixels: the image is scaled to cover that size and
              its centre is kept, so nothing is stretched (edges are trimmed when the shapes differ).
            </p>
          ) : (
            <fieldset className="space-y-4">
              <legend className="sr-only">Custom size</legend>
              <div className="grid max-w-md gap-4 sm:grid-cols-2">
                {(
                  [
                    ['width', 'Width (px)', width, setWidth, widthCheck],
                    ['height', 'Height (px)', height, setHeight, heightCheck],
                  ] as const
                ).map(([name, label, value, setValue, check]) => (
                  <div key={name}>
                    <label htmlFor={id(name)} className={ui.label}>
                      {label}
                    </label>
                    <input
                      id={id(name)}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      value={value}
                      disabled={running}
                      onChange={(event) => setValue(event.target.value)}
                      aria-invalid={!check.ok}
                      aria-describedby={check.ok ? undefined : id(`${name}-error`)}
                      className={ui.input}
                    />
                    {check.ok ? null : (
                      <p id={id(`${name}-error`)} className={errorText}>
                        {check.error}
                      </p>
                    )}
                  </div>
                ))}
              </div>
              <div className="flex items-start gap-2">
                <input
                  id={id('aspect')}
                  type="checkbox"
                  checked={keepAspect}
                  disabled={running}
                  onChange={(event) => setKeepAspect(event.target.checked)}
                  aria-describedby={id('aspect-help')}
                  className="mt-0.5 size-4 rounded border-slate-400 accent-indigo-600"
                />
                <div>
                  <label htmlFor={id('aspect')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                    Maintain aspect ratio
                  </label>
                  <p id={id('aspect-help')} className={ui.muted}>
                    {keepAspect
                      ? 'The image is fitted within the width and height, keeping its proportions.'
                      : 'The image is stretched to exactly the width and height.'}
                  </p>
                </div>
              </div>
            </fieldset>
          )}
          <p className={ui.muted}>Saved as PNG, resampled with a high-quality filter.</p>
          <RunButtons
            label="Resize Image"
            runningLabel="Resizing..."
            running={running}
            disabled={!file || !operation.ok}
            onCancel={cancel}
          />
          <JobStatus
            job={job}
            doneText={
              job.phase === 'done'
                ? `Resized to ${formatDimensions(job.output.width, job.output.height)}, PNG ready to download.`
                : ''
            }
          />
        </form>
      </Card>
      {job.phase === 'done' && file ? (
        <ImageResultCard
          original={file}
          output={job.output}
          resultLabel="Resized"
          fileName={resizedFileName(file.name)}
        />
      ) : null}
    </div>
  );
}

/**
 * The pieces every image tool screen shares: the run and Cancel buttons, the
 * announced status, and the result card with previews, sizes and Download.
 */
import { Download, LoaderCircle, X } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../Page';
import { ui } from '../ui';
import { downloadBlob } from '../../lib/download';
import { formatBytes } from '../../lib/image-file';
import { useObjectUrl } from '../../lib/use-object-url';
import type { ImageOutput } from '../../lib/image-processing/operations';
import { snapToStep, stepFrom } from '../../lib/image-processing/slider';
import { describeSizeChange, formatDimensions } from '../../lib/image-processing/summary';
import type { ImageJob } from '../../lib/image-processing/use-image-job';

/** Toast texts. */
export const DOWNLOADED_MESSAGE = 'Image downloaded successfully!';

interface RunButtonsProps {
  label: string;
  /** Processing..., Compressing... or Resizing... while running. */
  runningLabel: string;
  running: boolean;
  disabled: boolean;
  onCancel: () => void;
}

/** The submit button of the tool's form, and Cancel while it runs. */
export function RunButtons({ label, runningLabel, running, disabled, onCancel }: RunButtonsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={ui.button} disabled={disabled || running}>
        {running ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
        {running ? runningLabel : label}
      </button>
      {running ? (
        <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
          <X aria-hidden="true" className="size-4" />
          Cancel
        </button>
      ) : null}
    </div>
  );
}

interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** "%" or "px", shown after the value. */
  unit: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}

const KEY_STEPS: Record<string, [direction: 1 | -1, count: number]> = {
  ArrowRight: [1, 1],
  ArrowUp: [1, 1],
  ArrowLeft: [-1, 1],
  ArrowDown: [-1, 1],
  PageUp: [1, 10],
  PageDown: [-1, 10],
};

/**
 * A labelled range input with its value shown beside the label. It steps by
 * `step` (keys and dragging) yet holds a default that is off the grid.
 */
export function Slider({ label, value, min, max, step, unit, disabled, onChange }: SliderProps) {
  const id = useId();
  const text = `${value}${unit}`;
  const scale = { min, max, step };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = KEY_STEPS[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(stepFrom(value, move[0], scale, move[1]));
  };
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={text}
        onKeyDown={onKeyDown}
        onChange={(event) => onChange(snapToStep(Number(event.target.value), scale))}
        className="w-full accent-indigo-600 dark:accent-indigo-400"
      />
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>
          {min}
          {unit}
        </span>
        <span>
          {max}
          {unit}
        </span>
      </div>
    </div>
  );
}

/** What screen readers hear as the run progresses, and the inline error. */
export function JobStatus({ job, doneText }: { job: ImageJob; doneText: string }) {
  return (
    <>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {job.phase === 'running' ? `Processing ${job.fileName}…` : null}
        {job.phase === 'done' ? doneText : null}
        {job.phase === 'idle' && job.notice ? job.notice : null}
      </p>
      {job.phase === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {job.message}
        </p>
      ) : null}
    </>
  );
}

function Preview({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  return (
    <div className="flex h-56 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-2 dark:border-slate-700 dark:bg-slate-950">
      {url ? <img src={url} alt={alt} decoding="async" className="max-h-full max-w-full object-contain" /> : null}
    </div>
  );
}

type StatRow = [term: string, value: string, green?: boolean];

function Stats({ rows, className = '' }: { rows: StatRow[]; className?: string }) {
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {rows.map(([term, value, green]) => (
        <div key={term} className="flex justify-between gap-4 border-b border-slate-100 py-1 dark:border-slate-800">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd
            className={`font-medium tabular-nums ${
              green ? 'text-green-700 dark:text-green-400' : 'text-slate-900 dark:text-white'
            }`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One side of the comparison: its heading, its preview and its own figures, in one column. */
function Side({ heading, blob, alt, rows }: { heading: string; blob: Blob; alt: string; rows: StatRow[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
        {heading}
      </h3>
      <Preview blob={blob} alt={alt} />
      <Stats rows={rows} className="mt-3" />
    </section>
  );
}

interface ImageResultCardProps {
  original: File;
  output: ImageOutput;
  /** "Rotated", "Grayscale", "Compressed", "Resized", "Converted". */
  resultLabel: string;
  fileName: string;
  downloadLabel?: string;
  /**
   * `words` reads "42.3% smaller" / "12.0% larger" under "Size change";
   * `reduction` is the compressor's "Size reduction" in percent.
   */
  change?: 'words' | 'reduction';
}

/**
 * The result: original and new previews, original and new size, the change
 * in percent to one decimal (green when smaller), dimensions, and Download.
 */
export function ImageResultCard({
  original,
  output,
  resultLabel,
  fileName,
  downloadLabel = 'Download',
  change: style = 'words',
}: ImageResultCardProps) {
  const change = describeSizeChange(original.size, output.blob.size);
  const [changeLabel, changeText] =
    style === 'reduction' ? ['Size reduction', `${change.reduction.toFixed(1)}%`] : ['Size change', change.text];

  return (
    <Card>
      <h2 className={ui.subheading}>Result</h2>
      {/* Each figure sits in the column of the image it describes, so a two-column grid can never
          put the original's dimensions under the result's heading (or the reverse). */}
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <Side
          heading="Original"
          blob={original}
          alt={`Original image: ${original.name}`}
          rows={[
            ['Original size', formatBytes(original.size)],
            ['Original dimensions', formatDimensions(output.sourceWidth, output.sourceHeight)],
          ]}
        />
        <Side
          heading={resultLabel}
          blob={output.blob}
          alt={`${resultLabel} image: ${fileName}`}
          rows={[
            [`${resultLabel} size`, formatBytes(output.blob.size)],
            [`${resultLabel} dimensions`, formatDimensions(output.width, output.height)],
          ]}
        />
      </div>
      <Stats rows={[[changeLabel, changeText, change.smaller]]} className="mt-2 sm:max-w-[calc(50%-0.75rem)]" />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={ui.button}
          onClick={() => {
            downloadBlob(output.blob, fileName);
            toast.success(DOWNLOADED_MESSAGE);
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          {downloadLabel}
        </button>
        <span className={`[overflow-wrap:anywhere] ${ui.muted}`}>{fileName}</span>
      </div>
    </Card>
  );
}

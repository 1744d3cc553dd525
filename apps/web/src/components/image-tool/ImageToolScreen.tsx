import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { ImageUpload } from '../ImageUpload';
import { Card } from '../Page';
import { ui } from '../ui';
import { ImageBatchCard } from './ImageBatchCard';
import { ImageResultCard, JobStatus, RunButtons, Slider } from './ImageToolParts';
import type { ImageOutput } from '../../lib/image-processing/operations';
import type { ImageBatchOptions } from '../../lib/image-processing/use-image-batch';
import type { ImageRequest, ImageTool } from '../../lib/image-processing/use-image-tool';

/** How the result card names the result and its download. */
export type ResultNaming = Omit<ComponentProps<typeof ImageResultCard>, 'original' | 'output'>;

interface ImageToolScreenProps<R extends ImageRequest> {
  tool: ImageTool<R>;
  /** The run the current options ask for; null while they are invalid (the run button is then disabled). */
  request: R | null;
  runLabel: string;
  /** Processing..., Compressing... or Resizing... while running. */
  runningLabel: string;
  /** Toasted after a successful run, by the tools that announce one. */
  successMessage?: string;
  /** The status line once a run is done. */
  doneText: (output: ImageOutput, request: R, file: File) => string;
  result: (file: File, request: R) => ResultNaming;
  /** Tighter spacing, for forms with few options. */
  dense?: boolean;
  /** The tool's own options, shown between the upload and the run button. */
  children?: ReactNode;
  /** Test seams for the batch card (its worker pool and ZIP worker). */
  batch?: ImageBatchOptions;
}

/**
 * The screen of the image tools that run one operation on one image: the
 * "Upload Image" card (upload, the tool's options, run and Cancel, status)
 * and, once a run is done, the result card with previews, sizes and Download;
 * below them, "Several images" runs the same options on a batch.
 */
export function ImageToolScreen<R extends ImageRequest>({
  tool,
  request,
  runLabel,
  runningLabel,
  successMessage,
  doneText,
  result,
  dense = false,
  children,
  batch,
}: ImageToolScreenProps<R>) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void tool.start(request, successMessage);
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Upload Image</h2>
        <form className={`mt-4 ${dense ? 'space-y-4' : 'space-y-5'}`} onSubmit={onSubmit} noValidate>
          <ImageUpload file={tool.file} disabled={tool.running} onFileChange={tool.chooseFile} />
          {children}
          <RunButtons
            label={runLabel}
            runningLabel={runningLabel}
            running={tool.running}
            disabled={!tool.file || !request}
            onCancel={tool.cancel}
          />
          <JobStatus
            job={tool.job}
            doneText={tool.result ? doneText(tool.result.output, tool.result.request, tool.result.file) : ''}
          />
        </form>
      </Card>
      {tool.result ? (
        <ImageResultCard
          original={tool.result.file}
          output={tool.result.output}
          {...result(tool.result.file, tool.result.request)}
        />
      ) : null}
      <ImageBatchCard request={request} naming={result} {...batch} />
    </div>
  );
}

interface QualitySliderProps {
  /** The tool's QUALITY constants (its default is the tool's initial state). */
  scale: { min: number; max: number; step: number };
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/** The encoder's "Quality" slider in percent, as the compressor and the converter show it. */
export function QualitySlider({ scale, value, disabled, onChange }: QualitySliderProps) {
  return (
    <Slider
      label="Quality"
      value={value}
      min={scale.min}
      max={scale.max}
      step={scale.step}
      unit="%"
      disabled={disabled}
      onChange={onChange}
    />
  );
}

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/client';
import { ImageResultCard, JobStatus, RunButtons } from '../../lib/image-processing/ImageToolParts';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageJob } from '../../lib/image-processing/use-image-job';
import { ANGLE, ROTATED_MESSAGE, parseAngle, rotateOperation, rotatedFileName } from './image-rotator.service';

export default function ImageRotatorTool({ process = processImage }: { process?: ProcessImage }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [angleText, setAngleText] = useState(String(ANGLE.default));
  const [rotatedBy, setRotatedBy] = useState(ANGLE.default as number);
  const { job, run, cancel, reset, running } = useImageJob(process);
  const angle = parseAngle(angleText);
  const angleId = `${ids}-angle`;
  const angleHelpId = `${ids}-angle-help`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !angle.ok || running) return;
    setRotatedBy(angle.value);
    const output = await run(file, rotateOperation(angle.value));
    if (output) toast.success(ROTATED_MESSAGE);
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Upload Image</h2>
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <ImageUpload
            file={file}
            disabled={running}
            onFileChange={(next) => {
              reset();
              setFile(next);
            }}
          />
          <div className="max-w-xs">
            <label htmlFor={angleId} className={ui.label}>
              Rotation angle (degrees)
            </label>
            <input
              id={angleId}
              type="number"
              inputMode="decimal"
              min={ANGLE.min}
              max={ANGLE.max}
              step="any"
              value={angleText}
              disabled={running}
              onChange={(event) => setAngleText(event.target.value)}
              aria-invalid={!angle.ok}
              aria-describedby={angleHelpId}
              className={ui.input}
            />
            {angle.ok ? (
              <p id={angleHelpId} className={`mt-1 ${ui.muted}`}>
                From {ANGLE.min} to {ANGLE.max}; positive angles turn clockwise.
              </p>
            ) : (
              <p id={angleHelpId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                {angle.error}
              </p>
            )}
          </div>
          <RunButtons
            label="Rotate Image"
            runningLabel="Processing..."
            running={running}
            disabled={!file || !angle.ok}
            onCancel={cancel}
          />
          <JobStatus
            job={job}
            doneText={
              job.phase === 'done'
                ? `Rotated by ${rotatedBy}°: ${formatDimensions(job.output.width, job.output.height)} PNG ready to download.`
                : ''
            }
          />
        </form>
      </Card>
      {job.phase === 'done' && file ? (
        <ImageResultCard
          original={file}
          output={job.output}
          resultLabel="Rotated"
          fileName={rotatedFileName(file.name)}
        />
      ) : null}
    </div>
  );
}

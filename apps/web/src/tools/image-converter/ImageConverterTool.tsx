import { useId, useState, type FormEvent } from 'react';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/client';
import { ImageResultCard, JobStatus, RunButtons, Slider } from '../../lib/image-processing/ImageToolParts';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageJob } from '../../lib/image-processing/use-image-job';
import {
  QUALITY,
  TARGET_FORMATS,
  TARGET_LABELS,
  convertOperation,
  convertedFileName,
  isTargetFormat,
  takesQuality,
  type TargetFormat,
} from './image-converter.service';

export default function ImageConverterTool({ process = processImage }: { process?: ProcessImage }) {
  const formatId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<TargetFormat>('png');
  const [quality, setQuality] = useState<number>(QUALITY.default);
  const [converted, setConverted] = useState<TargetFormat>('png');
  const { job, run, cancel, reset, running } = useImageJob(process);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || running) return;
    setConverted(format);
    await run(file, convertOperation(format, quality));
  };

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
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor={formatId} className={ui.label}>
                Target format
              </label>
              <select
                id={formatId}
                value={format}
                disabled={running}
                onChange={(event) => {
                  if (isTargetFormat(event.target.value)) setFormat(event.target.value);
                }}
                className={ui.input}
              >
                {TARGET_FORMATS.map((value) => (
                  <option key={value} value={value}>
                    {TARGET_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            {takesQuality(format) ? (
              <Slider
                label="Quality"
                value={quality}
                min={QUALITY.min}
                max={QUALITY.max}
                step={QUALITY.step}
                unit="%"
                disabled={running}
                onChange={setQuality}
              />
            ) : null}
          </div>
          <p className={ui.muted}>
            {format === 'jpg'
              ? 'JPG has no transparency: transparent areas become white.'
              : `${TARGET_LABELS[format]} is saved at full quality.`}
          </p>
          <RunButtons
            label="Convert"
            runningLabel="Processing..."
            running={running}
            disabled={!file}
            onCancel={cancel}
          />
          <JobStatus
            job={job}
            doneText={
              job.phase === 'done'
                ? `Converted to ${TARGET_LABELS[converted]}: ${formatDimensions(job.output.width, job.output.height)}, ready to download.`
                : ''
            }
          />
        </form>
      </Card>
      {job.phase === 'done' && file ? (
        <ImageResultCard
          original={file}
          output={job.output}
          resultLabel="Converted"
          fileName={convertedFileName(file.name, converted)}
        />
      ) : null}
    </div>
  );
}

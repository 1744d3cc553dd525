import { useState, type FormEvent } from 'react';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { formatBytes } from '../../lib/image-file';
import { processImage, type ProcessImage } from '../../lib/image-processing/client';
import { ImageResultCard, JobStatus, RunButtons, Slider } from '../../lib/image-processing/ImageToolParts';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageJob } from '../../lib/image-processing/use-image-job';
import { MAX_SIZE, QUALITY, compressOperation, compressedFileName } from './image-compressor.service';

export default function ImageCompressorTool({ process = processImage }: { process?: ProcessImage }) {
  const [file, setFile] = useState<File | null>(null);
  const [quality, setQuality] = useState<number>(QUALITY.default);
  const [maxWidth, setMaxWidth] = useState<number>(MAX_SIZE.defaultWidth);
  const [maxHeight, setMaxHeight] = useState<number>(MAX_SIZE.defaultHeight);
  const { job, run, cancel, reset, running } = useImageJob(process);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || running) return;
    await run(file, compressOperation({ quality, maxWidth, maxHeight }));
  };

  const sizeSlider = { min: MAX_SIZE.min, max: MAX_SIZE.max, step: MAX_SIZE.step, unit: 'px', disabled: running };

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
          <div className="grid gap-5 sm:grid-cols-3">
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
            <Slider label="Max Width" value={maxWidth} onChange={setMaxWidth} {...sizeSlider} />
            <Slider label="Max Height" value={maxHeight} onChange={setMaxHeight} {...sizeSlider} />
          </div>
          <p className={ui.muted}>
            Saved as JPEG. Larger images are scaled down to fit the maximum width and height, keeping their proportions;
            smaller ones keep their size. Transparent areas become white.
          </p>
          <RunButtons
            label="Compress Image"
            runningLabel="Compressing..."
            running={running}
            disabled={!file}
            onCancel={cancel}
          />
          <JobStatus
            job={job}
            doneText={
              job.phase === 'done'
                ? `Compressed to ${formatBytes(job.output.blob.size)}, ${formatDimensions(job.output.width, job.output.height)}.`
                : ''
            }
          />
        </form>
      </Card>
      {job.phase === 'done' && file ? (
        <ImageResultCard
          original={file}
          output={job.output}
          resultLabel="Compressed"
          fileName={compressedFileName(file.name)}
          downloadLabel="Download Compressed Image"
          change="reduction"
        />
      ) : null}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/client';
import { ImageResultCard, JobStatus, RunButtons } from '../../lib/image-processing/ImageToolParts';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageJob } from '../../lib/image-processing/use-image-job';
import { GRAYSCALE_MESSAGE, grayscaleFileName, grayscaleOperation } from './image-grayscale.service';

export default function ImageGrayscaleTool({ process = processImage }: { process?: ProcessImage }) {
  const [file, setFile] = useState<File | null>(null);
  const { job, run, cancel, reset, running } = useImageJob(process);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || running) return;
    const output = await run(file, grayscaleOperation());
    if (output) toast.success(GRAYSCALE_MESSAGE);
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
          <p className={ui.muted}>
            Each pixel becomes its luma, 0.299 × red + 0.587 × green + 0.114 × blue; transparency is kept. Saved as PNG.
          </p>
          <RunButtons
            label="Convert to Grayscale"
            runningLabel="Processing..."
            running={running}
            disabled={!file}
            onCancel={cancel}
          />
          <JobStatus
            job={job}
            doneText={
              job.phase === 'done'
                ? `Converted to grayscale: ${formatDimensions(job.output.width, job.output.height)} PNG ready to download.`
                : ''
            }
          />
        </form>
      </Card>
      {job.phase === 'done' && file ? (
        <ImageResultCard
          original={file}
          output={job.output}
          resultLabel="Grayscale"
          fileName={grayscaleFileName(file.name)}
        />
      ) : null}
    </div>
  );
}

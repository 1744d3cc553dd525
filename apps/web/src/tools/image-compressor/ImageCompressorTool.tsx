import { ui } from '../../components/ui';
import { formatBytes } from '../../lib/image-file';
import { processImage, type ProcessImage } from '../../lib/image-processing/image.client';
import { Slider } from '../../components/image-tool/ImageToolParts';
import { ImageToolScreen, QualitySlider } from '../../components/image-tool/ImageToolScreen';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageTool } from '../../lib/image-processing/use-image-tool';
import { useUrlState } from '../../lib/use-url-state';
import { COMPRESS_URL, MAX_SIZE, QUALITY, compressOperation, compressedFileName } from './image-compressor.service';

export default function ImageCompressorTool({ process = processImage }: { process?: ProcessImage }) {
  const [{ quality, maxWidth, maxHeight }, update] = useUrlState(COMPRESS_URL);
  const setQuality = (value: number) => update({ quality: value }, 'replace');
  const setMaxWidth = (value: number) => update({ maxWidth: value }, 'replace');
  const setMaxHeight = (value: number) => update({ maxHeight: value }, 'replace');
  const tool = useImageTool(process);
  const { running } = tool;

  const sizeSlider = { min: MAX_SIZE.min, max: MAX_SIZE.max, step: MAX_SIZE.step, unit: 'px', disabled: running };

  return (
    <ImageToolScreen
      tool={tool}
      request={{ operation: compressOperation({ quality, maxWidth, maxHeight }) }}
      runLabel="Compress Image"
      runningLabel="Compressing..."
      doneText={(output) =>
        `Compressed to ${formatBytes(output.blob.size)}, ${formatDimensions(output.width, output.height)}.`
      }
      result={(file) => ({
        resultLabel: 'Compressed',
        fileName: compressedFileName(file.name),
        downloadLabel: 'Download Compressed Image',
        change: 'reduction',
      })}
    >
      <div className="grid gap-5 sm:grid-cols-3">
        <QualitySlider scale={QUALITY} value={quality} disabled={running} onChange={setQuality} />
        <Slider label="Max Width" value={maxWidth} onChange={setMaxWidth} {...sizeSlider} />
        <Slider label="Max Height" value={maxHeight} onChange={setMaxHeight} {...sizeSlider} />
      </div>
      <p className={ui.muted}>
        Saved as JPEG. Larger images are scaled down to fit the maximum width and height, keeping their proportions;
        smaller ones keep their size. Transparent areas become white.
      </p>
    </ImageToolScreen>
  );
}

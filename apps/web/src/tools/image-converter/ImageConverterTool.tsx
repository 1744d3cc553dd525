import { useId } from 'react';
import { SelectField } from '../../components/FormField';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/image.client';
import { ImageToolScreen, QualitySlider } from '../../components/image-tool/ImageToolScreen';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageTool, type ImageRequest } from '../../lib/image-processing/use-image-tool';
import { useUrlState } from '../../lib/use-url-state';
import {
  CONVERT_URL,
  QUALITY,
  TARGET_FORMATS,
  TARGET_LABELS,
  convertOperation,
  convertedFileName,
  takesQuality,
  type TargetFormat,
} from './image-converter.service';

const FORMAT_OPTIONS = TARGET_FORMATS.map((value) => ({ value, label: TARGET_LABELS[value] }));

/** The download is named after the format that was converted, even if the select changed since. */
type ConvertRequest = ImageRequest & { format: TargetFormat };

export default function ImageConverterTool({ process = processImage }: { process?: ProcessImage }) {
  const formatId = useId();
  const [{ format, quality }, update] = useUrlState(CONVERT_URL);
  const setFormat = (value: TargetFormat) => update({ format: value });
  const setQuality = (value: number) => update({ quality: value }, 'replace');
  const tool = useImageTool<ConvertRequest>(process);
  const { running } = tool;

  return (
    <ImageToolScreen
      tool={tool}
      request={{ operation: convertOperation(format, quality), format }}
      runLabel="Convert"
      runningLabel="Processing..."
      doneText={(output, converted) =>
        `Converted to ${TARGET_LABELS[converted.format]}: ${formatDimensions(output.width, output.height)}, ready to download.`
      }
      result={(file, converted) => ({
        resultLabel: 'Converted',
        fileName: convertedFileName(file.name, converted.format),
      })}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={formatId}
          label="Target format"
          value={format}
          options={FORMAT_OPTIONS}
          onValueChange={setFormat}
          disabled={running}
        />
        {takesQuality(format) ? (
          <QualitySlider scale={QUALITY} value={quality} disabled={running} onChange={setQuality} />
        ) : null}
      </div>
      <p className={ui.muted}>
        {format === 'jpg'
          ? 'JPG has no transparency: transparent areas become white.'
          : `${TARGET_LABELS[format]} is saved at full quality.`}
      </p>
    </ImageToolScreen>
  );
}

import { useId } from 'react';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/image.client';
import { ImageToolScreen } from '../../components/image-tool/ImageToolScreen';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageTool, type ImageRequest } from '../../lib/image-processing/use-image-tool';
import { useUrlState, useUrlText } from '../../lib/use-url-state';
import {
  ANGLE,
  ROTATED_MESSAGE,
  ROTATE_URL,
  parseAngle,
  rotateOperation,
  rotatedFileName,
} from './image-rotator.service';

/** The status names the angle that was applied, even if the field changed since. */
type RotateRequest = ImageRequest & { degrees: number };

export default function ImageRotatorTool({ process = processImage }: { process?: ProcessImage }) {
  const ids = useId();
  const [settings, update] = useUrlState(ROTATE_URL);
  const [angleText, setAngleText] = useUrlText(settings.angle, parseAngle, (angle) => update({ angle }, 'replace'));
  const tool = useImageTool<RotateRequest>(process);
  const { running } = tool;
  const angle = parseAngle(angleText);
  const angleId = `${ids}-angle`;
  const angleHelpId = `${ids}-angle-help`;

  return (
    <ImageToolScreen
      tool={tool}
      request={angle.ok ? { operation: rotateOperation(angle.value), degrees: angle.value } : null}
      runLabel="Rotate Image"
      runningLabel="Processing..."
      successMessage={ROTATED_MESSAGE}
      doneText={(output, rotated) =>
        `Rotated by ${rotated.degrees}°: ${formatDimensions(output.width, output.height)} PNG ready to download.`
      }
      result={(file) => ({ resultLabel: 'Rotated', fileName: rotatedFileName(file.name) })}
      dense
    >
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
    </ImageToolScreen>
  );
}

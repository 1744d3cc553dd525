import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/image.client';
import { ImageToolScreen } from '../../components/image-tool/ImageToolScreen';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageTool } from '../../lib/image-processing/use-image-tool';
import { GRAYSCALE_MESSAGE, grayscaleFileName, grayscaleOperation } from './image-grayscale.service';

export default function ImageGrayscaleTool({ process = processImage }: { process?: ProcessImage }) {
  const tool = useImageTool(process);

  return (
    <ImageToolScreen
      tool={tool}
      request={{ operation: grayscaleOperation() }}
      runLabel="Convert to Grayscale"
      runningLabel="Processing..."
      successMessage={GRAYSCALE_MESSAGE}
      doneText={(output) =>
        `Converted to grayscale: ${formatDimensions(output.width, output.height)} PNG ready to download.`
      }
      result={(file) => ({ resultLabel: 'Grayscale', fileName: grayscaleFileName(file.name) })}
      dense
    >
      <p className={ui.muted}>
        Each pixel becomes its luma, 0.299 × red + 0.587 × green + 0.114 × blue; transparency is kept. Saved as PNG.
      </p>
    </ImageToolScreen>
  );
}

import { useId } from 'react';
import { SelectField } from '../../components/FormField';
import { ui } from '../../components/ui';
import { processImage, type ProcessImage } from '../../lib/image-processing/image.client';
import { ImageToolScreen } from '../../components/image-tool/ImageToolScreen';
import { formatDimensions } from '../../lib/image-processing/summary';
import { useImageTool } from '../../lib/image-processing/use-image-tool';
import { useUrlState, useUrlText } from '../../lib/use-url-state';
import {
  largerPngNote,
  MODE_OPTIONS,
  PRESET_FITS,
  PRESET_FIT_LABELS,
  RESIZE_FORMAT_OPTIONS,
  RESIZE_URL,
  findPreset,
  parseDimension,
  resizeOperation,
  resizedFileName,
  resizedFormatLabel,
  type ResizeFormat,
  type ResizeMode,
} from './image-resizer.service';
import { resizeFormat } from '../../lib/image-processing/operations';

const errorText = 'mt-1 text-sm font-medium text-red-700 dark:text-red-400';

export default function ImageResizerTool({ process = processImage }: { process?: ProcessImage }) {
  const ids = useId();
  const [settings, update] = useUrlState(RESIZE_URL);
  const { mode, aspect: keepAspect, fit: presetFit, pad: padColour, format } = settings;
  const setMode = (value: ResizeMode) => update({ mode: value });
  const setKeepAspect = (value: boolean) => update({ aspect: value });
  // The fields keep what is typed; each valid number goes to the address.
  const [width, setWidth] = useUrlText(
    settings.width,
    (text) => parseDimension('Width', text),
    (value) => update({ width: value }, 'replace'),
  );
  const [height, setHeight] = useUrlText(
    settings.height,
    (text) => parseDimension('Height', text),
    (value) => update({ height: value }, 'replace'),
  );
  const tool = useImageTool(process);
  const { running } = tool;

  const preset = findPreset(mode);
  const widthCheck = parseDimension('Width', width);
  const heightCheck = parseDimension('Height', height);
  const operation = resizeOperation({ mode, width, height, keepAspect, presetFit, padColour, format });

  const id = (name: string) => `${ids}-${name}`;

  return (
    <ImageToolScreen
      tool={tool}
      request={operation.ok ? { operation: operation.value } : null}
      runLabel="Resize Image"
      runningLabel="Resizing..."
      doneText={(output, _request, file) => {
        const saved = `Resized to ${formatDimensions(output.width, output.height)}, ${resizedFormatLabel(format, file.type)} ready to download.`;
        const note = largerPngNote(resizeFormat(format, file.type), output.blob.size, file.size);
        return note ? `${saved} ${note}` : saved;
      }}
      result={(file) => ({ resultLabel: 'Resized', fileName: resizedFileName(file.name, format, file.type) })}
    >
      <div className="grid max-w-md gap-4 sm:grid-cols-2">
        <SelectField
          label="Resize mode"
          id={id('mode')}
          value={mode}
          options={MODE_OPTIONS}
          onValueChange={setMode}
          disabled={running}
        />
        <SelectField
          label="Output format"
          id={id('format')}
          value={format}
          options={RESIZE_FORMAT_OPTIONS}
          onValueChange={(value: ResizeFormat) => update({ format: value })}
          disabled={running}
        />
      </div>

      {preset ? (
        <fieldset className="space-y-3">
          <legend className={ui.label}>Preset size</legend>
          <div className="space-y-2">
            {PRESET_FITS.map((fit) => (
              <div key={fit} className="flex items-center gap-2">
                <input
                  id={id(`fit-${fit}`)}
                  type="radio"
                  name={id('fit')}
                  value={fit}
                  checked={presetFit === fit}
                  disabled={running}
                  onChange={() => update({ fit })}
                  className="size-4 accent-indigo-600"
                />
                <label htmlFor={id(`fit-${fit}`)} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  {PRESET_FIT_LABELS[fit]}
                </label>
              </div>
            ))}
          </div>
          {presetFit === 'fit' ? (
            <div className="flex items-center gap-3">
              <input
                id={id('pad')}
                type="color"
                value={padColour}
                disabled={running}
                onChange={(event) => update({ pad: event.target.value.toLowerCase() }, 'replace')}
                className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
              />
              <label htmlFor={id('pad')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                Padding colour <span className="font-mono text-slate-600 dark:text-slate-400">{padColour}</span>
              </label>
            </div>
          ) : null}
          <p className={ui.muted}>
            {presetFit === 'fit'
              ? `The result is exactly ${preset.width} × ${preset.height} pixels: the whole image is scaled to fit inside and centred, and the space around it is filled with the padding colour.`
              : `The result is exactly ${preset.width} × ${preset.height} pixels: the image is scaled to cover that size and its centre is kept, so nothing is stretched (edges are trimmed when the shapes differ).`}
          </p>
        </fieldset>
      ) : (
        <fieldset className="space-y-4">
          <legend className="sr-only">Custom size</legend>
          <div className="grid max-w-md gap-4 sm:grid-cols-2">
            {(
              [
                ['width', 'Width (px)', width, setWidth, widthCheck],
                ['height', 'Height (px)', height, setHeight, heightCheck],
              ] as const
            ).map(([name, label, value, setValue, check]) => (
              <div key={name}>
                <label htmlFor={id(name)} className={ui.label}>
                  {label}
                </label>
                <input
                  id={id(name)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={value}
                  disabled={running}
                  onChange={(event) => setValue(event.target.value)}
                  aria-invalid={!check.ok}
                  aria-describedby={check.ok ? undefined : id(`${name}-error`)}
                  className={ui.input}
                />
                {check.ok ? null : (
                  <p id={id(`${name}-error`)} className={errorText}>
                    {check.error}
                  </p>
                )}
              </div>
            ))}
          </div>
          <div className="flex items-start gap-2">
            <input
              id={id('aspect')}
              type="checkbox"
              checked={keepAspect}
              disabled={running}
              onChange={(event) => setKeepAspect(event.target.checked)}
              aria-describedby={id('aspect-help')}
              className="mt-0.5 size-4 rounded border-slate-400 accent-indigo-600"
            />
            <div>
              <label htmlFor={id('aspect')} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                Maintain aspect ratio
              </label>
              <p id={id('aspect-help')} className={ui.muted}>
                {keepAspect
                  ? 'The image is fitted within the width and height, keeping its proportions.'
                  : 'The image is stretched to exactly the width and height.'}
              </p>
            </div>
          </div>
        </fieldset>
      )}
      <p className={ui.muted}>
        {format === 'png'
          ? 'Saved as PNG, resampled with a high-quality filter.'
          : 'Resampled with a high-quality filter; JPG and WEBP are saved at quality 92, JPG on white.'}
      </p>
    </ImageToolScreen>
  );
}

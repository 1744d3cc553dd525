/** Image Resizer: presets, the size fields, the request and the name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import {
  FORMAT_LABEL,
  MAX_SIDE,
  resizeFormat,
  type ImageOperation,
  type OutputFormat,
} from '../../lib/image-processing/operations';
import { err, ok, type Result } from '../../lib/result';
import { urlField } from '../../lib/url-state';

export interface ResizePreset {
  id: string;
  name: string;
  width: number;
  height: number;
}

/** The seven presets, in this order. */
export const PRESETS = [
  { id: 'hd', name: 'HD', width: 1280, height: 720 },
  { id: 'full-hd', name: 'Full HD', width: 1920, height: 1080 },
  { id: '4k', name: '4K', width: 3840, height: 2160 },
  { id: 'instagram', name: 'Instagram', width: 1080, height: 1080 },
  { id: 'facebook-cover', name: 'Facebook Cover', width: 851, height: 315 },
  { id: 'twitter-header', name: 'Twitter Header', width: 1500, height: 500 },
  { id: 'linkedin-banner', name: 'LinkedIn Banner', width: 1584, height: 396 },
] as const satisfies readonly ResizePreset[];

export const CUSTOM = 'custom';
export type ResizeMode = typeof CUSTOM | (typeof PRESETS)[number]['id'];

/** The mode select's options: Custom first, then the presets ("Full HD (1920x1080)"). */
export const MODE_OPTIONS: readonly { value: ResizeMode; label: string }[] = [
  { value: CUSTOM, label: 'Custom' },
  ...PRESETS.map((preset) => ({ value: preset.id, label: `${preset.name} (${preset.width}x${preset.height})` })),
];

export const DEFAULT_CUSTOM = { width: 800, height: 600 } as const;

export function findPreset(mode: string): ResizePreset | undefined {
  return PRESETS.find((preset: ResizePreset) => preset.id === mode);
}

/** Custom mode takes integer width and height (1 to 16 384 pixels here). */
export function parseDimension(label: 'Width' | 'Height', text: string): Result<number> {
  const trimmed = text.trim();
  if (trimmed === '') return err(`${label} is required`);
  if (!/^\d+$/.test(trimmed)) return err(`${label} must be a whole number of pixels`);
  const value = Number(trimmed);
  if (value < 1 || value > MAX_SIDE) return err(`${label} must be between 1 and ${MAX_SIDE} pixels`);
  return ok(value);
}

/**
 * How a preset reaches its exact size: `fill` scales the image to cover the
 * preset and trims the edges that stick out (the default); `fit` keeps the
 * whole image, scaled to fit, and pads the rest with a colour.
 */
export const PRESET_FITS = ['fill', 'fit'] as const;
export type PresetFit = (typeof PRESET_FITS)[number];
export const PRESET_FIT_LABELS: Record<PresetFit, string> = {
  fill: 'Fill (crop edges)',
  fit: 'Fit (keep everything, pad with a colour)',
};
export const DEFAULT_PAD_COLOUR = '#ffffff';

/**
 * What the result is saved as: PNG, the specification's output and the default, lossless and often
 * larger than a photo it was made from; JPEG or WebP for a photo; or the original's own format.
 */
export const RESIZE_FORMATS = ['png', 'jpeg', 'webp', 'source'] as const;
export type ResizeFormat = (typeof RESIZE_FORMATS)[number];
export const RESIZE_FORMAT_OPTIONS: readonly { value: ResizeFormat; label: string }[] = [
  { value: 'png', label: 'PNG (lossless)' },
  { value: 'jpeg', label: 'JPG' },
  { value: 'webp', label: 'WEBP' },
  { value: 'source', label: 'Same as the original' },
];

/** The saved format's label for a file of `sourceType` ("JPG" for a JPEG kept in its format). */
export function resizedFormatLabel(format: ResizeFormat, sourceType: string): string {
  return FORMAT_LABEL[resizeFormat(format, sourceType)];
}

/**
 * Said under the result when a PNG came out larger than the file it was made from (a photo resized
 * to a PNG usually does), so the person knows a smaller file is one choice away.
 */
export function largerPngNote(format: OutputFormat, outputBytes: number, sourceBytes: number): string | null {
  if (format !== 'png' || outputBytes <= sourceBytes) return null;
  return 'The PNG is larger than the original: choose JPG or WEBP as the output format for a smaller file.';
}

export interface ResizeChoice {
  mode: ResizeMode;
  /** The custom fields' text (ignored by presets). */
  width: string;
  height: string;
  /** Maintain aspect ratio, default on, custom mode only. */
  keepAspect: boolean;
  /** Presets only: crop to fill (default) or fit and pad. */
  presetFit?: PresetFit;
  /** Presets with `fit` only: the padding colour, #rrggbb (default white). */
  padColour?: string;
  /** PNG when absent. */
  format?: ResizeFormat;
}

/**
 * The request for a choice. Presets produce exactly their size and never
 * stretch a photo (our decision; the original design leaves the aspect flag to custom
 * mode only): "Fill" scales the image to cover the preset and crops its centre
 * to the preset's shape, "Fit" scales it to fit and centres it on the padding
 * colour. Custom mode fits the image inside the box with "maintain
 * aspect ratio" on, and stretches to exactly the box with it off.
 */
export function resizeOperation(choice: ResizeChoice): Result<ImageOperation> {
  const preset = findPreset(choice.mode);
  const format = choice.format && choice.format !== 'png' ? { format: choice.format } : {};
  if (preset) {
    const size = { kind: 'resize', width: preset.width, height: preset.height, ...format } as const;
    return choice.presetFit === 'fit'
      ? ok({ ...size, fit: 'pad', background: choice.padColour ?? DEFAULT_PAD_COLOUR })
      : ok({ ...size, fit: 'cover' });
  }
  const width = parseDimension('Width', choice.width);
  if (!width.ok) return width;
  const height = parseDimension('Height', choice.height);
  if (!height.ok) return height;
  return ok({
    kind: 'resize',
    width: width.value,
    height: height.value,
    fit: choice.keepAspect ? 'contain' : 'fill',
    ...format,
  });
}

const EXTENSION: Record<OutputFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Download prefix resized_, the extension of the saved format (PNG unless another was chosen). */
export function resizedFileName(originalName: string, format: ResizeFormat = 'png', sourceType = ''): string {
  return outputFileName('resized_', originalName, EXTENSION[resizeFormat(format, sourceType)]);
}

/** The settings a shared address carries (the file never does). */
export const RESIZE_URL = {
  mode: urlField.choice(
    MODE_OPTIONS.map((option) => option.value),
    CUSTOM,
  ),
  width: urlField.integer({ min: 1, max: MAX_SIDE, fallback: DEFAULT_CUSTOM.width }),
  height: urlField.integer({ min: 1, max: MAX_SIDE, fallback: DEFAULT_CUSTOM.height }),
  aspect: urlField.flag(true),
  fit: urlField.choice(PRESET_FITS, 'fill'),
  pad: urlField.colour(DEFAULT_PAD_COLOUR),
  format: urlField.choice(RESIZE_FORMATS, 'png'),
};

/** Image Resizer: presets, the size fields, the request and the name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import { MAX_SIDE, type ImageOperation } from '../../lib/image-processing/operations';
import { err, ok, type Result } from '../../lib/result';

export interface ResizePreset {
  id: string;
  name: string;
  width: number;
  height: number;
}

/** Spec 000 §9: the seven presets, in this order. */
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

/** Spec 000 §5: custom mode takes integer width and height (1 to 16 384 pixels here). */
export function parseDimension(label: 'Width' | 'Height', text: string): Result<number> {
  const trimmed = text.trim();
  if (trimmed === '') return err(`${label} is required`);
  if (!/^\d+$/.test(trimmed)) return err(`${label} must be a whole number of pixels`);
  const value = Number(trimmed);
  if (value < 1 || value > MAX_SIDE) return err(`${label} must be between 1 and ${MAX_SIDE} pixels`);
  return ok(value);
}

export interface ResizeChoice {
  mode: ResizeMode;
  /** The custom fields' text (ignored by presets). */
  width: string;
  height: string;
  /** Spec 000 §5: maintain aspect ratio, default on, custom mode only. */
  keepAspect: boolean;
}

/**
 * The request for a choice. Presets produce exactly their size: the image is
 * scaled to cover the preset and its centre cropped to the preset's shape, so
 * a photo is never stretched (our decision; the spec leaves the aspect flag to
 * custom mode only). Custom mode fits the image inside the box with "maintain
 * aspect ratio" on, and stretches to exactly the box with it off.
 */
export function resizeOperation(choice: ResizeChoice): Result<ImageOperation> {
  const preset = findPreset(choice.mode);
  if (preset) return ok({ kind: 'resize', width: preset.width, height: preset.height, fit: 'cover' });
  const width = parseDimension('Width', choice.width);
  if (!width.ok) return width;
  const height = parseDimension('Height', choice.height);
  if (!height.ok) return height;
  return ok({ kind: 'resize', width: width.value, height: height.value, fit: choice.keepAspect ? 'contain' : 'fill' });
}

/** Spec 000 §9: output PNG, download prefix resized_. */
export function resizedFileName(originalName: string): string {
  return outputFileName('resized_', originalName, 'png');
}

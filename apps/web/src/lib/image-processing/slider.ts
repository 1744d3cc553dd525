/**
 * Slider steps, pure. The compressor's designed defaults (1920 × 1080) are not on
 * its 100-pixel grid, which a native range input would silently round to
 * 1900 × 1100; so the input takes any whole value and this module does the
 * stepping: dragging snaps to the grid, arrow keys move to the next grid value.
 */
export interface StepScale {
  min: number;
  max: number;
  step: number;
}

const clamp = (value: number, { min, max }: StepScale) => Math.min(max, Math.max(min, value));

/** The grid value (min + k × step) nearest to `value`, within min…max. */
export function snapToStep(value: number, scale: StepScale): number {
  if (!Number.isFinite(value)) return scale.min;
  const k = Math.round((clamp(value, scale) - scale.min) / scale.step);
  return clamp(scale.min + k * scale.step, scale);
}

/** `count` grid values up (direction 1) or down (−1) from `value`, which may lie between two. */
export function stepFrom(value: number, direction: 1 | -1, scale: StepScale, count = 1): number {
  const k = (value - scale.min) / scale.step;
  const next = direction > 0 ? Math.floor(k) + count : Math.ceil(k) - count;
  return clamp(scale.min + next * scale.step, scale);
}

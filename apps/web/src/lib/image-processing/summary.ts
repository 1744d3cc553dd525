/** How a result compares with the original, as the result cards word it. No DOM. */
import { sizeReduction } from '../image-file';

export interface SizeChange {
  /** Percent smaller, one decimal; negative when the file grew. */
  reduction: number;
  /** Green in the result card. */
  smaller: boolean;
  /** "42.3% smaller", "12.0% larger" or "No change". */
  text: string;
}

export function describeSizeChange(originalBytes: number, newBytes: number): SizeChange {
  const reduction = sizeReduction(originalBytes, newBytes) + 0;
  const magnitude = Math.abs(reduction).toFixed(1);
  if (newBytes === originalBytes) return { reduction, smaller: false, text: 'No change' };
  if (newBytes < originalBytes) return { reduction, smaller: true, text: `${magnitude}% smaller` };
  return { reduction, smaller: false, text: `${magnitude}% larger` };
}

/** "1440 × 1080 px" */
export function formatDimensions(width: number, height: number): string {
  return `${width} × ${height} px`;
}

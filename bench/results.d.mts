export interface Goal {
  of: 'value' | 'ratio';
  max?: number;
  min?: number;
}
export interface Figure {
  id: string;
  bench: string;
  label: string;
  unit: string;
  floor: string | null;
  goals: Goal[];
  steady?: boolean;
}
export interface Measured {
  value: number | null;
  floor: number | null;
  ratio: number | null;
  met: boolean | null;
}
export const RESULTS_DIR: string;
export const FIGURES: Figure[];
export function figureById(id: string): Figure;
export function goalText(figure: Figure): string;
export function goalMet(figure: Figure, measured: { value: number | null; ratio: number | null }): boolean | null;
export function median(values: (number | null | undefined)[]): number | null;
export function formatNumber(value: number | null | undefined): string;
export function formatLine(figure: Figure, measured: Partial<Measured>, labelWidth?: number): string;
export function recordFigure(id: string, measured: { value: number; floor?: number | null; note?: string }): void;

/**
 * The figures `pnpm bench` reports, and how a bench records one. Each figure is measured beside a
 * floor taken in the same run (the least the same work costs without the app around it), so a
 * loaded or slow machine moves both and their ratio stays comparable. A bench records a figure by
 * its id: the line `figure | value | floor | ratio | goal | met?` is printed, and the run's figures
 * are written to bench/results/<bench>.json, which scripts/bench.mjs reads after each run to print
 * one summary of the medians. Plain JavaScript, so that scripts/bench.mjs imports it without tsx.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where each bench writes the figures of its latest run (gitignored). */
export const RESULTS_DIR = path.resolve(import.meta.dirname, 'results');

/**
 * The table. `bench` is the bench file's name without `.bench.ts`; `ratio` is always value ÷ floor;
 * a goal holds when every one of `goals` does. `steady` figures come out the same in every run (a
 * byte count), so their bench is run once whatever `--runs` says.
 */
export const FIGURES = [
  {
    id: 'memory-idle',
    bench: 'memory',
    label: 'memory of pnpm start at idle (RSS, whole tree)',
    unit: 'MB',
    floor: 'node:http + better-sqlite3, same file',
    goals: [
      { of: 'value', max: 100 },
      { of: 'ratio', max: 1.6 },
    ],
  },
  {
    id: 'memory-loaded',
    bench: 'memory',
    label: '… after 2,000 redirects + 200 admin lists',
    unit: 'MB',
    floor: 'same floor, same load',
    goals: [{ of: 'value', max: 120 }],
  },
  {
    id: 'redirect-json',
    bench: 'redirect',
    label: 'counted JSON redirects, 50 connections',
    unit: 'req/s',
    floor: 'node:http, same UPDATE…RETURNING + click INSERT',
    goals: [{ of: 'ratio', min: 0.75 }],
  },
  {
    id: 'redirect-302',
    bench: 'redirect',
    label: '"Redirect at once" 302, 50 connections',
    unit: 'req/s',
    floor: 'same floor answering 302',
    goals: [{ of: 'ratio', min: 0.75 }],
  },
  {
    id: 'image-resize-png',
    bench: 'images',
    label: 'Image Resizer, 12 MP JPEG → 1920×1080 PNG',
    unit: 'ms',
    floor: 'createImageBitmap + OffscreenCanvas, PNG',
    goals: [{ of: 'ratio', max: 1.5 }],
  },
  {
    id: 'image-resize-jpeg',
    bench: 'images',
    label: 'Image Resizer, 12 MP JPEG → 1920×1080 JPEG',
    unit: 'ms',
    floor: 'createImageBitmap + OffscreenCanvas, JPEG',
    goals: [{ of: 'ratio', max: 1.5 }],
  },
  {
    id: 'image-compress',
    bench: 'images',
    label: 'Image Compressor, 12 MP, quality 80',
    unit: 'ms',
    floor: 'createImageBitmap + OffscreenCanvas, JPEG q80',
    goals: [{ of: 'ratio', max: 1.5 }],
  },
  {
    id: 'hash-sha256',
    bench: 'hash',
    label: 'SHA-256 of a 256 MiB file, pick → digest',
    unit: 'MB/s',
    floor: 'openssl dgst -sha256, same file',
    goals: [{ of: 'ratio', min: 0.6 }],
  },
  {
    id: 'hash-md5',
    bench: 'hash',
    label: 'MD5 of a 256 MiB file, pick → digest',
    unit: 'MB/s',
    floor: 'openssl md5, same file',
    goals: [{ of: 'ratio', min: 0.65 }],
  },
  {
    id: 'ocr-warm',
    bench: 'ocr',
    label: 'OCR, second image in the same page (warm)',
    unit: 's',
    floor: 'tesseract.js itself, same file',
    goals: [{ of: 'ratio', max: 1.2 }],
  },
  {
    id: 'ocr-cold',
    bench: 'ocr',
    label: 'OCR, first image (cold)',
    unit: 's',
    floor: 'tesseract.js itself, same file',
    goals: [{ of: 'ratio', max: 1.2 }],
  },
  {
    id: 'first-load-bytes',
    bench: 'budgets',
    label: 'first-load bytes of / (gzip JS+CSS+HTML)',
    unit: 'KB',
    floor: null,
    goals: [{ of: 'value', max: 122 }],
    steady: true,
  },
];

const byId = new Map(FIGURES.map((figure) => [figure.id, figure]));

/** The figure with this id; throws for an unknown one (a typo in a bench). */
export function figureById(id) {
  const figure = byId.get(id);
  if (!figure) throw new Error(`No figure "${id}" in bench/results.mjs`);
  return figure;
}

/** "≤ 100 MB", "ratio ≥ 0.75", joined with "and". */
export function goalText(figure) {
  return figure.goals
    .map((goal) => {
      const sign = goal.max === undefined ? '≥' : '≤';
      const limit = goal.max ?? goal.min;
      return goal.of === 'ratio' ? `ratio ${sign} ${limit}` : `${sign} ${limit} ${figure.unit}`;
    })
    .join(' and ');
}

/** True when every goal holds, false when one does not, null when a figure it needs is missing. */
export function goalMet(figure, { value, ratio }) {
  let met = true;
  for (const goal of figure.goals) {
    const measured = goal.of === 'ratio' ? ratio : value;
    if (measured === null || measured === undefined || !Number.isFinite(measured)) return null;
    if (goal.max !== undefined && measured > goal.max) met = false;
    if (goal.min !== undefined && measured < goal.min) met = false;
  }
  return met;
}

/** The middle value (the mean of the middle two for an even count) of the finite ones; null for none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A figure with as many digits as it deserves: 1,234 / 12.3 / 1.23. */
export function formatNumber(value) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** One line of the common format: figure | value | floor | ratio | goal | met?. */
export function formatLine(figure, { value, floor, ratio, met }, labelWidth = 0) {
  const unit = (number) => (number === null || number === undefined ? '—' : `${formatNumber(number)} ${figure.unit}`);
  const verdict = met === null || met === undefined ? 'missing' : met ? 'met' : 'NOT met';
  return [
    figure.label.padEnd(labelWidth),
    unit(value).padStart(12),
    (figure.floor === null ? '—' : unit(floor)).padStart(12),
    (ratio === null || ratio === undefined ? '—' : `${ratio.toFixed(2)}×`).padStart(7),
    goalText(figure).padEnd(26),
    verdict,
  ].join(' | ');
}

/** The bench this process runs: its file's name without `.bench.ts` (or `.bench.mjs`). */
function benchName() {
  return path.basename(process.argv[1] ?? 'bench').replace(/\.bench\.(ts|mjs)$/, '');
}

/** What this run has recorded, by figure id, written again after each record. */
const recorded = new Map();

/**
 * Prints the figure's line and adds it to bench/results/<bench>.json (written aside and renamed, so
 * that scripts/bench.mjs never reads half a file). `floor` is null for a figure without one; a
 * value that could not be measured is NaN, and the figure then counts as missing.
 */
export function recordFigure(id, { value, floor = null, note }) {
  const figure = figureById(id);
  const finite = (number) => (typeof number === 'number' && Number.isFinite(number) ? number : null);
  const measured = { value: finite(value), floor: finite(floor) };
  const ratio = measured.value !== null && measured.floor ? measured.value / measured.floor : null;
  const met = goalMet(figure, { value: measured.value, ratio });
  const entry = { id, ...measured, ratio, met, ...(note ? { note } : {}) };
  recorded.set(id, entry);
  console.log(`figure | ${formatLine(figure, entry)}${note ? `   (${note})` : ''}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${benchName()}.json`);
  const body = { bench: benchName(), writtenAt: new Date().toISOString(), figures: [...recorded.values()] };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

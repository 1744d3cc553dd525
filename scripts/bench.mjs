#!/usr/bin/env node
// `pnpm bench [word…] [--runs N]`: runs the bench/*.bench.{ts,mjs} files (those whose name holds one
// of the words, or by default all but `scale`, which seeds a 2 GB database and is run by name).
// A bench with figures of the table (bench/results.mjs) runs N times (default 3), any other once,
// and the end is one summary: each figure's median over the runs beside its floor's and its goal.
// Benchmarks print figures; they never fail on a number (machines here are noisy). The exit code
// is 1 when a bench failed or a figure of the benches run is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FIGURES, RESULTS_DIR, formatLine, goalMet, median } from '../bench/results.mjs';

/** Run only when named: it takes many minutes and gigabytes of disk. */
const BY_NAME_ONLY = new Set(['scale']);

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'bench');

const args = process.argv.slice(2);
let runs = 3;
const only = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  if (arg === '--runs' || arg.startsWith('--runs=')) {
    const text = arg === '--runs' ? args[(i += 1)] : arg.slice('--runs='.length);
    runs = Number(text);
    if (!Number.isInteger(runs) || runs < 1) {
      console.error(`--runs takes a whole number of runs, 1 or more (got ${text})`);
      process.exit(2);
    }
  } else only.push(arg);
}

const benchOf = (file) => file.replace(/\.bench\.(ts|mjs)$/, '');
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => /\.bench\.(ts|mjs)$/.test(name))
      .filter((name) =>
        only.length === 0 ? !BY_NAME_ONLY.has(benchOf(name)) : only.some((word) => name.includes(word)),
      )
      .sort()
  : [];

if (files.length === 0) {
  console.log('No benchmarks found in bench/.');
  process.exit(0);
}

const tsx = path.join(root, 'apps/api/node_modules/.bin/tsx');
/** figure id → what each run recorded. */
const measured = new Map();
const failures = [];
const started = performance.now();

for (const file of files) {
  const bench = benchOf(file);
  const figures = FIGURES.filter((figure) => figure.bench === bench);
  const times = figures.length === 0 || figures.every((figure) => figure.steady) ? 1 : runs;
  const resultFile = path.join(RESULTS_DIR, `${bench}.json`);
  for (let run = 1; run <= times; run += 1) {
    console.log(`\n=== ${file}${times > 1 ? ` (run ${run} of ${times})` : ''} ===`);
    // A bench that dies must not leave the previous run's figures to be read as this run's.
    rmSync(resultFile, { force: true });
    const result = spawnSync(tsx, [path.join(dir, file)], {
      stdio: 'inherit',
      cwd: root,
    });
    if (result.status !== 0) {
      const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
      console.log(`${file} failed (${why}); its figures of this run are missing from the summary`);
      failures.push(`${file}, run ${run}: ${why}`);
    }
    for (const entry of readResults(resultFile)) {
      if (!measured.has(entry.id)) measured.set(entry.id, []);
      measured.get(entry.id).push(entry);
    }
  }
}

const elapsed = (performance.now() - started) / 1000;
const missing = printSummary();
process.exit(failures.length === 0 && missing === 0 ? 0 : 1);

function readResults(file) {
  try {
    const body = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(body.figures) ? body.figures : [];
  } catch {
    return [];
  }
}

/** Prints the summary, writes bench/results/summary.json, and answers how many figures are missing. */
function printSummary() {
  const benches = new Set(files.map(benchOf));
  const table = FIGURES.filter((figure) => benches.has(figure.bench));
  if (table.length === 0) {
    console.log(`\n${files.length} bench(es) in ${formatDuration(elapsed)}; none reports a figure of the table.`);
    return 0;
  }
  const rows = table.map((figure) => {
    const entries = measured.get(figure.id) ?? [];
    const value = median(entries.map((entry) => entry.value));
    const floor = median(entries.map((entry) => entry.floor));
    // The median of each run's own ratio: a floor belongs to the run it was measured in.
    const ratio = median(entries.map((entry) => entry.ratio));
    const runsCounted = entries.filter((entry) => entry.value !== null).length;
    const met = runsCounted === 0 ? null : goalMet(figure, { value, ratio });
    return { figure, value, floor, ratio, met, runs: runsCounted };
  });
  const width = Math.max(...table.map((figure) => figure.label.length));
  console.log(`\n=== summary: medians of ${runs} run(s) where the bench varies, ${formatDuration(elapsed)} in all ===`);
  console.log(
    [
      'figure'.padEnd(width),
      'value'.padStart(12),
      'floor'.padStart(12),
      'ratio'.padStart(7),
      'goal'.padEnd(26),
      'met?',
    ].join(' | '),
  );
  for (const row of rows) {
    const counted = row.runs === 0 ? '' : row.figure.steady || row.runs === runs ? '' : `   (${row.runs} run(s))`;
    console.log(`${formatLine(row.figure, row, width)}${counted}`);
  }
  const floors = table.filter((figure) => figure.floor);
  if (floors.length > 0) console.log('floors:');
  for (const figure of floors) console.log(`  ${figure.label}: ${figure.floor}`);
  for (const failure of failures) console.log(`failed: ${failure}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, 'summary.json'),
    `${JSON.stringify(
      {
        writtenAt: new Date().toISOString(),
        runs,
        seconds: Math.round(elapsed),
        failures,
        figures: rows.map(({ figure, value, floor, ratio, met, runs: counted }) => ({
          id: figure.id,
          value,
          floor,
          ratio,
          met,
          runs: counted,
          each: measured.get(figure.id) ?? [],
        })),
      },
      null,
      2,
    )}\n`,
  );
  return rows.filter((row) => row.met === null).length;
}

function formatDuration(seconds) {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${Math.round(seconds)} s` : `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

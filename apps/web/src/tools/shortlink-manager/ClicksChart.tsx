import type { AnalyticsPoint, AnalyticsStep } from '@toolvault/shared';
import { useId } from 'react';
import { pointLabel, STEP_NOUNS } from './analytics-window.service';
import { countLabel, chartModel } from './shortlink-manager.service';

const WIDTH = 600;
const HEIGHT = 160;

/**
 * Clicks per hour, day or month over a range (the whole site's or one link's): inline SVG bars with a
 * text summary as its accessible name, and the full series as a visually
 * hidden table for screen readers.
 */
export function ClicksChart({
  points,
  step,
  caption,
}: {
  points: readonly Pick<AnalyticsPoint, 'start' | 'clicks'>[];
  step: AnalyticsStep;
  /** The period, read after "Clicks per day — " by screen readers. */
  caption: string;
}) {
  const id = useId();
  const days = points.map((point) => ({ date: point.start, clicks: point.clicks }));
  const model = chartModel(days, { width: WIDTH, height: HEIGHT });
  const label = (start: string) => pointLabel(start, step);
  const first = days[0];
  const last = days[days.length - 1];
  const title = `Clicks per ${STEP_NOUNS[step]}`;
  const summary =
    first && last
      ? `${title} from ${label(first.date)} to ${label(last.date)}: ${countLabel(model.totalClicks, 'click')} in total` +
        (model.peak
          ? `, most ${step === 'month' ? 'in' : step === 'hour' ? 'at' : 'on'} ${label(model.peak.date)} with ${countLabel(model.peak.clicks, 'click')}.`
          : '.')
      : 'No click data.';

  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title`}
        className="h-40 w-full rounded-lg bg-slate-50 dark:bg-slate-950"
        data-testid="clicks-chart"
      >
        <title id={`${id}-title`}>{summary}</title>
        {model.bars.map((bar) => (
          <rect
            key={bar.date}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={1.5}
            data-date={bar.date}
            data-clicks={bar.clicks}
            className="fill-indigo-600 dark:fill-indigo-400"
          />
        ))}
        {/* Baseline so an all-zero month still reads as a chart. */}
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          className="stroke-slate-400 dark:stroke-slate-600"
        />
      </svg>
      <div className="mt-2 flex justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>{first ? label(first.date) : ''}</span>
        <span>Peak: {model.maxClicks}</span>
        <span>{last ? label(last.date) : ''}</span>
      </div>
      <table className="sr-only">
        <caption>
          {title} — {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{step === 'hour' ? 'Hour (UTC)' : step === 'month' ? 'Month' : 'Date'}</th>
            <th scope="col">Clicks</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

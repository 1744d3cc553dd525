/** The speed test's rating badge, and the two cards that explain the figures and the rating bands. */
import { SPEEDTEST_PING_SAMPLES } from '@toolvault/shared';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { JITTER_BADGE, PING_RATINGS, SPEED_RATINGS, type Rating } from './network-speed-test.service';

const ratingClass: Record<Rating | 'stability', string> = {
  Excellent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  Good: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  Fair: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Poor: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  'Very Poor': 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  stability: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
};

export function Badge({ tone, children }: { tone: Rating | 'stability'; children: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${ratingClass[tone]}`}>
      {children}
    </span>
  );
}

/** One rating scale: each band's range beside its badge. */
function RatingTable({ caption, bands }: { caption: string; bands: readonly { range: string; rating: Rating }[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-900 dark:text-white">{caption}</caption>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {bands.map(({ range, rating }) => (
          <tr key={rating}>
            <th scope="row" className="py-1.5 pr-2 font-normal text-slate-700 dark:text-slate-300">
              {range}
            </th>
            <td className="py-1.5 text-right">
              <Badge tone={rating}>{rating}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What download, upload, ping and jitter mean, how they are measured, and the bands behind each rating. */
export function SpeedTestGuide() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className={ui.subheading}>What the results mean</h2>
        <dl className="mt-3 space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Download</dt>
            <dd>
              How fast data reaches you, in megabits per second: pages, streams and files you fetch. Higher is better.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Upload</dt>
            <dd>How fast you can send data: attachments, backups, video calls. Higher is better.</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Ping</dt>
            <dd>
              The time a tiny request takes to reach the server and come back, in milliseconds. Lower feels more
              responsive. We show the median of {SPEEDTEST_PING_SAMPLES} samples.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900 dark:text-white">Jitter</dt>
            <dd>
              How much the ping varies from one sample to the next (the average change). Low jitter means a stable
              connection for calls and games.
            </dd>
          </div>
        </dl>
        <p className={`mt-4 ${ui.muted}`}>
          How we measure: several downloads and uploads run in parallel for a few seconds, the first second is discarded
          while the connection speeds up, and the rest is averaged. The test measures the path to this site&apos;s
          server, so results can differ from tests against other servers.
        </p>
      </Card>

      <Card>
        <h2 className={ui.subheading}>Ratings</h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <RatingTable
            caption="Download and upload speed"
            bands={SPEED_RATINGS.map((band, i) => {
              const above = SPEED_RATINGS[i - 1]?.atLeast;
              const range =
                above === undefined
                  ? `${band.atLeast}+ Mbps`
                  : band.atLeast === 0
                    ? `Under ${above} Mbps`
                    : `${band.atLeast}–${above} Mbps`;
              return { range, rating: band.rating };
            })}
          />
          <RatingTable
            caption="Ping"
            bands={PING_RATINGS.map((band, i) => ({
              range: Number.isFinite(band.under)
                ? `Under ${band.under} ms`
                : `${PING_RATINGS[i - 1]?.under ?? 0} ms or more`,
              rating: band.rating,
            }))}
          />
        </div>
        <p className={`mt-4 ${ui.muted}`}>
          Jitter always carries the <Badge tone="stability">{JITTER_BADGE}</Badge> badge: the lower the number, the
          steadier the connection.
        </p>
      </Card>
    </div>
  );
}

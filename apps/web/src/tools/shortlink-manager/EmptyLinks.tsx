import { Database, Link2, Plus } from 'lucide-react';
import { ui } from '../../components/ui';

/**
 * "No shortlinks yet" with the way out: create one or load the sample data (each left out for a role
 * that may not: without its handler).
 */
export function EmptyLinks({
  onCreate,
  onLoadSample,
  busy,
}: {
  onCreate?: (() => void) | undefined;
  onLoadSample?: (() => void) | undefined;
  busy: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <Link2 aria-hidden="true" className="mx-auto size-8 text-slate-500 dark:text-slate-400" />
      <p className="mt-2 font-semibold text-slate-900 dark:text-white">No shortlinks yet</p>
      {onCreate ? (
        <p className={`mt-1 ${ui.muted}`}>
          {onLoadSample
            ? 'Create your first link, or load sample data to explore the manager.'
            : 'Create your first link.'}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        {onCreate ? (
          <button type="button" className={ui.button} onClick={onCreate}>
            <Plus aria-hidden="true" className="size-4" />
            Create a link
          </button>
        ) : null}
        {onLoadSample ? (
          <button type="button" className={ui.buttonSecondary} onClick={onLoadSample} disabled={busy}>
            <Database aria-hidden="true" className="size-4" />
            Load sample data
          </button>
        ) : null}
      </div>
    </div>
  );
}

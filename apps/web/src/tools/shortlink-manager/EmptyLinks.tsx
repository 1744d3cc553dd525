import { Database, Link2, Plus } from 'lucide-react';
import { ui } from '../../components/ui';

/** "No shortlinks yet" with the way out: create one or load the sample data. */
export function EmptyLinks({
  onCreate,
  onLoadSample,
  busy,
}: {
  onCreate: () => void;
  onLoadSample: () => void;
  busy: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <Link2 aria-hidden="true" className="mx-auto size-8 text-slate-500 dark:text-slate-400" />
      <p className="mt-2 font-semibold text-slate-900 dark:text-white">No shortlinks yet</p>
      <p className={`mt-1 ${ui.muted}`}>Create your first link, or load sample data to explore the manager.</p>
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className={ui.button} onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Create a link
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onLoadSample} disabled={busy}>
          <Database aria-hidden="true" className="size-4" />
          Load sample data
        </button>
      </div>
    </div>
  );
}

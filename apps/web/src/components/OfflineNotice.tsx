import { RotateCw } from 'lucide-react';
import { offlineReason, useOnline } from '../lib/use-online';
import { ui } from './ui';

interface OfflineNoticeProps {
  /** What needs the server, as the start of a sentence: "IP lookup", "The blog". */
  what?: string;
  /** Repeats what failed (the user's input is still in the form); without it no button is shown. */
  onRetry?: () => void;
}

/**
 * Inline notice on screens that need the server: shown while the browser is offline or while our
 * server cannot be reached (see `useOnline`), and gone with the next answer or `online` event.
 */
export function OfflineNotice({ what = 'This page', onRetry }: OfflineNoticeProps) {
  const online = useOnline();
  if (online) return null;
  const lead = offlineReason() === 'browser' ? 'You are offline.' : 'The server cannot be reached.';
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        {lead} {what} needs an internet connection; it will work again once you are back online.
      </p>
      {onRetry ? (
        <button type="button" className={ui.buttonSecondary} onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      ) : null}
    </div>
  );
}

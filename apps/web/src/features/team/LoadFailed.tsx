import { RotateCw } from 'lucide-react';
import { ui } from '../../components/ui';

/** A list that did not load: the server's reason and a way to ask again. */
export function LoadFailed({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
      <p>
        Could not load {what}: {message}
      </p>
      <button type="button" className={ui.buttonSecondary} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}

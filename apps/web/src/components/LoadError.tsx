import { ui } from './ui';

/** A list or a card whose data did not load: what failed, why, and a way to ask again. */
export function LoadError({ what, reason, onRetry }: { what: string; reason: string; onRetry: () => void }) {
  return (
    <div>
      <p role="alert" className={ui.error}>
        Could not load {what}. {reason}
      </p>
      <button type="button" className={`mt-3 ${ui.buttonSecondary}`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

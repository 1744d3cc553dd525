import type { ReactNode } from 'react';
import { ui } from '../../components/ui';

/** The end of a team form: the server's or the check's problem, announced, then the submit button. */
export function FormEnd({
  problem,
  busy,
  label,
  busyLabel,
  icon,
}: {
  problem: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
  icon?: ReactNode;
}) {
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div>
        {/* aria-disabled, not disabled: focus stays on the button while the request runs. */}
        <button type="submit" className={ui.button} aria-disabled={busy || undefined}>
          {icon}
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

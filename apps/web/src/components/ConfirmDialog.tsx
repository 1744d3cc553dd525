import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../lib/use-modal-focus';
import { ui } from './ui';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the opener is gone (the deleted row's button). */
  fallbackFocusId?: string;
  /** 'danger' (the default) for what cannot be undone; 'primary' for a change that can be. */
  tone?: 'danger' | 'primary';
}

const CONFIRM_TONES = {
  danger:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300',
  primary: `${ui.button} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`,
} as const;

/**
 * A modal confirmation (a delete asks first): focus
 * starts on Cancel, Tab cycles inside, Escape or the backdrop cancels, and
 * focus returns to the control that opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  fallbackFocusId,
  tone = 'danger',
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useModalFocus({ dialog, initial: cancel, onClose: onCancel, busy, fallbackFocusId });

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      {/* The backdrop is a pointer convenience; keyboard users have Escape and Cancel. */}
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" onClick={busy ? undefined : onCancel} />
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="relative w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className={ui.subheading}>
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancel}
            type="button"
            className={ui.buttonSecondary}
            onClick={busy ? undefined : onCancel}
            aria-disabled={busy || undefined}
          >
            Cancel
          </button>
          <button
            type="button"
            className={CONFIRM_TONES[tone]}
            // aria-disabled rather than disabled, so focus stays inside the dialog while the call runs.
            onClick={busy ? undefined : onConfirm}
            aria-disabled={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

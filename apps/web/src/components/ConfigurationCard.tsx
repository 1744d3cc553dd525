import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Card } from './Page';
import { ui } from './ui';

/** The button that starts a simulation: its icon, or a spinner and the busy label while it runs. */
export interface StartButton {
  label: string;
  /** Shown while `busy`, e.g. "Scanning...". */
  busyLabel: string;
  icon: LucideIcon;
  busy: boolean;
  disabled: boolean;
  /** Width classes beside ui.button, e.g. "w-full sm:w-auto". */
  className?: string;
}

interface ConfigurationCardProps {
  /** The card's heading, e.g. "Scan Configuration". */
  title: string;
  /**
   * The form the settings live in: its accessible name and submit handler. Without one (a simulation
   * with nothing to set) the start button is a plain button beside the card's content.
   */
  form?: { label: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate?: boolean };
  /** Called by the start button of a card without a form. */
  onStart?: () => void;
  start: StartButton;
  /** Buttons after the start button (e.g. Stop). */
  actions?: ReactNode;
  /** The settings: fields and warnings, above the buttons; without a form, a note after them. */
  children?: ReactNode;
  /** Below the form, inside the card: progress and status. */
  footer?: ReactNode;
}

/**
 * The settings card every simulation opens with: a heading, the fields, and the Start button that
 * turns into a spinner and its busy label while the simulation runs.
 */
export function ConfigurationCard({ title, form, onStart, start, actions, children, footer }: ConfigurationCardProps) {
  const Icon = start.icon;
  const button = (
    <button
      type={form ? 'submit' : 'button'}
      className={start.className ? `${ui.button} ${start.className}` : ui.button}
      disabled={start.disabled}
      onClick={form ? undefined : onStart}
    >
      {start.busy ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Icon aria-hidden="true" className="size-4" />
      )}
      {start.busy ? start.busyLabel : start.label}
    </button>
  );
  const buttons = actions ? (
    <div className="flex flex-wrap gap-3">
      {button}
      {actions}
    </div>
  ) : (
    button
  );
  return (
    <Card>
      <h2 className={ui.subheading}>{title}</h2>
      {form ? (
        <form onSubmit={form.onSubmit} noValidate={form.noValidate} className="mt-4 space-y-4" aria-label={form.label}>
          {children}
          {buttons}
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-4">
          {buttons}
          {children}
        </div>
      )}
      {footer}
    </Card>
  );
}

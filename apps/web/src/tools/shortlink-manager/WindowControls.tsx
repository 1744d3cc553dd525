import { ANALYTICS_MAX_SPAN_DAYS, ANALYTICS_STEPS, type AnalyticsStep } from '@toolvault/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ui } from '../../components/ui';
import {
  FIRST_ANALYTICS_DAY,
  pickWindow,
  RANGE_LABELS,
  STEP_LABELS,
  WINDOW_RANGES,
  stepAllowed,
  windowIssues,
  type WindowChoice,
  type WindowField,
  type WindowRange,
} from './analytics-window.service';

const sameWindow = (a: WindowChoice, b: WindowChoice) =>
  a.range === b.range && a.from === b.from && a.to === b.to && a.step === b.step;

/**
 * The analytics' window: a preset range or "Custom range" (From and To, UTC days, both included, sent
 * with Apply) and the step of the series (Hour, Day, Month). A preset or a step is shown at once;
 * nothing reaches the server while the window has a problem, which is said beside its field. Hour is
 * offered only for a week or less, and the page says so.
 */
export function WindowControls({
  value,
  shown,
  onChange,
}: {
  /** The window asked of the server. */
  value: WindowChoice;
  /** The days of the answer on screen: a custom range starts from them. */
  shown?: { from: string; to: string } | undefined;
  onChange: (choice: WindowChoice) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<WindowChoice>(() => pickWindow(value));
  // Days left empty are pointed out once Apply was pressed, not while the person is still choosing.
  const [tried, setTried] = useState(false);
  const [applied, setApplied] = useState(value);
  if (!sameWindow(applied, value)) {
    // Another window came from outside (Back, a link, Apply): the fields show it.
    setApplied(value);
    setDraft(pickWindow(value));
    setTried(false);
  }
  const fields = { from: useRef<HTMLInputElement>(null), to: useRef<HTMLInputElement>(null) };
  const stepField = useRef<HTMLSelectElement>(null);

  const custom = draft.range === 'custom';
  const allIssues = windowIssues(draft);
  const issues = Object.fromEntries(
    Object.entries(allIssues).filter(([name]) => tried || name === 'step' || draft[name as 'from' | 'to'] !== ''),
  ) as typeof allIssues;
  const hourAllowed = stepAllowed('hour', draft);

  const commit = (next: WindowChoice) => {
    setDraft(next);
    if (Object.keys(windowIssues(next)).length === 0) onChange(next);
  };

  const chooseRange = (range: WindowRange) => {
    if (range === 'custom') {
      const start = value.range === 'custom' ? value : (shown ?? { from: '', to: '' });
      setDraft({ range, from: start.from, to: start.to, step: draft.step });
      return;
    }
    // A preset longer than a week has no hours: the series falls back to days (the hint says why).
    const step = stepAllowed(draft.step, { range, from: '', to: '' }) ? draft.step : 'day';
    commit({ range, from: '', to: '', step });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = windowIssues(draft);
    if (Object.keys(found).length === 0) {
      onChange(draft);
      return;
    }
    if (found.from) fields.from.current?.focus();
    else if (found.to) fields.to.current?.focus();
    else stepField.current?.focus();
  };

  const fieldId = (name: WindowField) => `${id}-${name}`;
  const problem = (name: WindowField) =>
    issues[name] ? (
      <p id={`${fieldId(name)}-error`} role="alert" className={`mt-1 max-w-xs ${ui.error}`}>
        {issues[name]}
      </p>
    ) : null;
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  const hintId = `${id}-step-hint`;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <label htmlFor={`${id}-range`} className={ui.label}>
            Date range
          </label>
          <select
            id={`${id}-range`}
            value={draft.range}
            onChange={(event) => chooseRange(event.target.value as WindowRange)}
            className={`${ui.input} w-auto`}
          >
            {WINDOW_RANGES.map((range) => (
              <option key={range} value={range}>
                {RANGE_LABELS[range]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={fieldId('step')} className={ui.label}>
            Step
          </label>
          <select
            id={fieldId('step')}
            ref={stepField}
            value={draft.step}
            onChange={(event) => {
              const step = event.target.value as AnalyticsStep;
              // A custom range waits for Apply until its days are sound; a step alone is shown at once.
              if (custom && Object.keys(windowIssues({ ...draft, step })).length > 0) setDraft({ ...draft, step });
              else commit({ ...draft, step });
            }}
            aria-invalid={issues.step ? true : undefined}
            aria-describedby={describedBy(!hourAllowed && hintId, !!issues.step && `${fieldId('step')}-error`)}
            className={`${ui.input} w-auto`}
          >
            {ANALYTICS_STEPS.map((step) => (
              <option key={step} value={step} disabled={step === 'hour' && !hourAllowed}>
                {STEP_LABELS[step]}
              </option>
            ))}
          </select>
          <p id={hintId} aria-live="polite" className={`mt-1 max-w-xs ${ui.muted}`}>
            {hourAllowed ? '' : `Hour is for ranges of ${ANALYTICS_MAX_SPAN_DAYS.hour} days or less.`}
          </p>
          {problem('step')}
        </div>
      </div>
      {custom ? (
        <form noValidate onSubmit={apply} aria-label="Custom range" className="flex flex-wrap items-start gap-3">
          {(['from', 'to'] as const).map((name) => (
            <div key={name}>
              <label htmlFor={fieldId(name)} className={ui.label}>
                {name === 'from' ? 'From' : 'To'}
              </label>
              <input
                id={fieldId(name)}
                ref={fields[name]}
                type="date"
                min={FIRST_ANALYTICS_DAY}
                value={draft[name]}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
                aria-invalid={issues[name] ? true : undefined}
                aria-describedby={describedBy(`${id}-utc`, !!issues[name] && `${fieldId(name)}-error`)}
                className={`${ui.input} w-auto`}
              />
              {problem(name)}
            </div>
          ))}
          <div>
            {/* Lines the button up with the inputs under their labels. */}
            <span aria-hidden="true" className={`${ui.label} invisible`}>
              Apply
            </span>
            <button type="submit" className={ui.button}>
              Apply
            </button>
          </div>
          <p id={`${id}-utc`} className={`w-full ${ui.muted}`}>
            UTC days, both included.
          </p>
        </form>
      ) : null}
    </div>
  );
}

import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { ui } from './ui';

/** Red border while the control carries aria-invalid; no effect otherwise. */
const invalidClass = 'aria-invalid:border-red-600 dark:aria-invalid:border-red-400';

/** The ids a field's control is described by: `<id>-hint` and `<id>-error`, when shown. */
function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: string | null }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value) => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The frame every field shares: a block with the label above the control. */
function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children' | 'aria-describedby' | 'aria-invalid'
> {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Help under the control, as `<id>-hint`. */
  hint?: ReactNode;
  /** A message under the control, as `<id>-error`; marks the control aria-invalid. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled one-line input with its hint and error wired through aria-describedby and aria-invalid.
 * Off by default: autocomplete and spell checking (these fields take hosts, URLs, names and keys).
 */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  hint,
  error,
  type = 'text',
  autoComplete = 'off',
  spellCheck = false,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label}>
      <input
        {...input}
        id={id}
        type={type}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        className={`${ui.input} ${invalidClass}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className={`mt-1 ${ui.muted}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </Field>
  );
}

/** One choice of a SelectField. */
export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly SelectOption<T>[];
  /** Called only with one of `options`' values. */
  onValueChange: (value: T) => void;
  disabled?: boolean;
}

/** A labelled drop-down over a fixed list of typed values. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onValueChange,
  disabled,
}: SelectFieldProps<T>) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onValueChange(chosen.value);
        }}
        disabled={disabled}
        className={ui.input}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

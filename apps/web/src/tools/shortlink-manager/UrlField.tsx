import { SHORTLINK_LIMITS } from '@toolvault/shared';
import type { ChangeEvent } from 'react';
import { ui } from '../../components/ui';

interface UrlFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  placeholder: string;
  required?: boolean;
  /** The form's error message id, while one is shown. */
  describedBy?: string;
  /** Classes of the wrapping block (grid placement). */
  className?: string;
}

/** A labelled http(s) address input of the shortlink forms (Target URL, Meta Image URL), admin and guest alike. */
export function UrlField({
  id,
  label,
  value,
  onChange,
  placeholder,
  required = false,
  describedBy,
  className,
}: UrlFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        onChange={onChange}
        maxLength={SHORTLINK_LIMITS.url}
        placeholder={placeholder}
        autoCapitalize="off"
        spellCheck={false}
        aria-required={required ? 'true' : undefined}
        aria-describedby={describedBy}
        className={`${ui.input} font-mono`}
      />
    </div>
  );
}

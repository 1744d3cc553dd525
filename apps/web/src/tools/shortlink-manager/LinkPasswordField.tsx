import { LINK_PASSWORD_LIMITS } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { passwordChoices } from './link-password-form';
import type { LinkPasswordAction } from './link-password-form';
import type { LinkFormValues } from './shortlink-manager.service';

interface LinkPasswordFieldProps {
  id: string;
  values: LinkFormValues;
  onChange: (values: LinkFormValues) => void;
  describedBy: string | undefined;
}

/**
 * The form's password: a select (keep, set or change, remove) and, for a new password, its field. The
 * current password is never shown: the API only says whether there is one.
 */
export function LinkPasswordField({ id, values, onChange, describedBy }: LinkPasswordFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-action`} className={ui.label}>
          Password
        </label>
        <select
          id={`${id}-action`}
          value={values.passwordAction}
          onChange={(event) =>
            onChange({ ...values, passwordAction: event.target.value as LinkPasswordAction, password: '' })
          }
          className={ui.input}
        >
          {passwordChoices(values.hadPassword).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {values.passwordAction === 'set' ? (
        <div>
          <label htmlFor={`${id}-new`} className={ui.label}>
            {values.hadPassword ? 'New password *' : 'Link password *'}
          </label>
          <input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => onChange({ ...values, password: event.target.value })}
            maxLength={LINK_PASSWORD_LIMITS.max}
            aria-required="true"
            aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
            className={ui.input}
          />
          <p id={hintId} className={`mt-1 ${ui.muted}`}>
            {LINK_PASSWORD_LIMITS.min} to {LINK_PASSWORD_LIMITS.max} characters. Visitors must type it before they see
            the destination.
          </p>
        </div>
      ) : null}
    </div>
  );
}

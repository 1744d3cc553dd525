import { REDIRECT_STATUSES } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { REDIRECT_STATUS_LABELS, ruleIssues, type RuleField, type RuleFormValues } from './link-rules.service';
import { UrlField } from './UrlField';

/**
 * The link's rules in the Create/Edit form: its window (in the visitor's own time zone, stored in
 * UTC), its visit limit, its fallback URL and the status of a "Redirect at once" link. Each field
 * shows its own problem beside it, by the API's schema, as soon as it has one.
 */
export function LinkRulesFields({
  id,
  values,
  onChange,
}: {
  id: string;
  values: RuleFormValues;
  onChange: (values: RuleFormValues) => void;
}) {
  const issues = ruleIssues(values);
  const field = (name: RuleField) => `${id}-rules-${name}`;
  const set = (name: RuleField) => (event: { target: { value: string } }) =>
    onChange({ ...values, [name]: event.target.value });
  const problem = (name: RuleField) =>
    issues[name] ? (
      <p id={`${field(name)}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
        {issues[name]}
      </p>
    ) : null;
  const described = (name: RuleField) => (issues[name] ? `${field(name)}-error` : undefined);
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className={ui.label}>Rules (optional)</legend>
      <p className={`sm:col-span-2 ${ui.muted}`}>
        Outside its dates or once its visits are used up the link is inactive, never deleted. Times are in your time
        zone.
      </p>
      {(['validFrom', 'validUntil'] as const).map((name) => (
        <div key={name}>
          <label htmlFor={field(name)} className={ui.label}>
            {name === 'validFrom' ? 'Valid from' : 'Valid until'}
          </label>
          <input
            id={field(name)}
            type="datetime-local"
            value={values[name]}
            onChange={set(name)}
            aria-invalid={issues[name] ? true : undefined}
            aria-describedby={described(name)}
            className={ui.input}
          />
          {problem(name)}
        </div>
      ))}
      <div>
        <label htmlFor={field('maxVisits')} className={ui.label}>
          Max visits
        </label>
        <input
          id={field('maxVisits')}
          type="text"
          inputMode="numeric"
          value={values.maxVisits}
          onChange={set('maxVisits')}
          placeholder="No limit"
          aria-invalid={issues.maxVisits ? true : undefined}
          aria-describedby={described('maxVisits')}
          className={ui.input}
        />
        {problem('maxVisits')}
      </div>
      <div>
        <label htmlFor={field('redirectStatus')} className={ui.label}>
          Redirect status (Redirect at once)
        </label>
        <select
          id={field('redirectStatus')}
          value={values.redirectStatus}
          onChange={set('redirectStatus')}
          className={ui.input}
        >
          {REDIRECT_STATUSES.map((status) => (
            <option key={status} value={String(status)}>
              {REDIRECT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <UrlField
          id={field('fallbackUrl')}
          label="Fallback URL (for visitors of an inactive link)"
          value={values.fallbackUrl}
          onChange={set('fallbackUrl')}
          placeholder="https://example.com/expired"
          describedBy={described('fallbackUrl')}
        />
        {problem('fallbackUrl')}
      </div>
    </fieldset>
  );
}

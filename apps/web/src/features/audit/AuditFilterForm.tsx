import { AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES, type Person } from '@toolvault/shared';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField, type SelectOption } from '../../components/FormField';
import { ui } from '../../components/ui';
import { personLabel } from '../team/people-choices';
import { filterProblems, NO_FILTERS, type AuditFilters } from './audit.service';

const TYPE_OPTIONS: readonly SelectOption<AuditFilters['type']>[] = [
  { value: '', label: 'Any type' },
  ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: AUDIT_TARGET_LABELS[type] })),
];

/** The two ends of the range of days, each a date field. */
const DAYS = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

/** Everyone, then each person by name and login (a disabled one says so: their past acts stay in the log). */
const personOptions = (people: readonly Person[], current: string): SelectOption<string>[] => [
  { value: '', label: 'Everyone' },
  ...people.map((person) => ({
    value: String(person.id),
    label: personLabel(person),
  })),
  // An id from the address that names nobody on the team still shows as what is applied.
  ...(current !== '' && !people.some((person) => String(person.id) === current)
    ? [{ value: current, label: `Person ${current}` }]
    : []),
];

/**
 * The log's filters: a person (picked from the team; by id while the team has not loaded), what the
 * events are about, and a range of days. Applied on submit, so the list is not asked again at every
 * keystroke.
 */
export function AuditFilterForm({
  applied,
  people,
  onApply,
}: {
  applied: AuditFilters;
  people?: readonly Person[] | undefined;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const [problems, setProblems] = useState<ReturnType<typeof filterProblems>>({});
  const set =
    <K extends keyof AuditFilters>(name: K) =>
    (value: AuditFilters[K]) => {
      setDraft((current) => ({ ...current, [name]: value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filterProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onApply({ ...draft, actor: draft.actor.trim() });
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setProblems({});
    onApply(NO_FILTERS);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Filter the audit log" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {people ? (
          <SelectField
            id="audit-actor"
            label="Person"
            value={draft.actor}
            options={personOptions(people, draft.actor)}
            onValueChange={set('actor')}
          />
        ) : (
          <TextField
            id="audit-actor"
            label="Person id"
            inputMode="numeric"
            value={draft.actor}
            onValueChange={set('actor')}
            error={problems.actor}
            hint="Everyone when empty"
          />
        )}
        <SelectField
          id="audit-type"
          label="Type"
          value={draft.type}
          options={TYPE_OPTIONS}
          onValueChange={set('type')}
        />
        {DAYS.map(({ name, label }) => (
          <TextField
            key={name}
            id={`audit-${name}`}
            label={label}
            type="date"
            value={draft[name]}
            onValueChange={set(name)}
            error={problems[name]}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={ui.button}>
          Apply filters
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={clear}>
          Clear filters
        </button>
      </div>
    </form>
  );
}

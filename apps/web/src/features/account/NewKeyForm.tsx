import { API_KEY_SCOPE_LABELS, ACCOUNT_LIMITS, type ApiKeyScope, type CreatedApiKey } from '@toolvault/shared';
import { Plus, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { TextField } from '../../components/FormField';
import { ui } from '../../components/ui';
import type { ApiFailure } from '../../lib/api';
import {
  dayOf,
  EMPTY_KEY_FORM,
  keyRequestFrom,
  type KeyForm,
  type KeyFormProblems,
  type KeyRequest,
} from './account.service';

interface NewKeyFormProps {
  /** The scopes the person's role holds: the only ones offered. */
  allowed: readonly ApiKeyScope[];
  busy: boolean;
  /** Sends the request; resolves with the server's refusal, or null once the key is made. */
  onCreate: (request: KeyRequest) => Promise<ApiFailure | null>;
}

const FIELDS: readonly (keyof KeyForm)[] = ['name', 'scopes', 'rateLimit', 'expiresOn'];

/** A new key's name, scopes (within the role), rate limit and optional last day. */
export function NewKeyForm({ allowed, busy, onCreate }: NewKeyFormProps) {
  const [form, setForm] = useState<KeyForm>(EMPTY_KEY_FORM);
  const [problems, setProblems] = useState<KeyFormProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // The first day a key may be chosen to expire on: today, as the page opened.
  const [today] = useState(() => dayOf(new Date()));
  const ids = { name: useId(), scopes: useId(), rateLimit: useId(), expiresOn: useId() };
  const edit = (patch: Partial<KeyForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])),
    }));
  };
  const show = (found: KeyFormProblems) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (!first) return;
    // The scopes' first box stands for the group.
    const target = first === 'scopes' ? document.querySelector<HTMLElement>(`#${CSS.escape(ids.scopes)} input`) : null;
    (target ?? document.getElementById(ids[first]))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const request = keyRequestFrom(form, allowed, new Date());
    if (!request.ok) {
      show(request.error);
      return;
    }
    setProblems({});
    const failure = await onCreate(request.value);
    if (failure === null) setForm(EMPTY_KEY_FORM);
    else if (failure.code === 'SCOPE_NOT_ALLOWED') show({ scopes: failure.message });
    else if (failure.code === 'KEY_EXPIRY_IN_PAST') show({ expiresOn: failure.message });
    else setRefusal(failure.message);
  };

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    edit({ scopes: on ? [...form.scopes, scope] : form.scopes.filter((chosen) => chosen !== scope) });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-label="New API key">
      <TextField
        id={ids.name}
        label="Name"
        value={form.name}
        onValueChange={(name) => edit({ name })}
        maxLength={ACCOUNT_LIMITS.keyName + 20}
        hint="What the key is for, such as “Deploy script”."
        error={problems.name ?? null}
      />
      <fieldset
        id={ids.scopes}
        aria-describedby={problems.scopes ? `${ids.scopes}-error` : undefined}
        className="grid gap-2"
      >
        <legend className={ui.label}>Scopes</legend>
        {allowed.map((scope) => (
          <ScopeBox key={scope} scope={scope} checked={form.scopes.includes(scope)} onChange={toggle} />
        ))}
        {problems.scopes ? (
          <p id={`${ids.scopes}-error`} className={ui.error}>
            {problems.scopes}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={ids.rateLimit}
          label="Rate limit (requests per minute)"
          type="number"
          inputMode="numeric"
          min={ACCOUNT_LIMITS.keyRateLimitMin}
          max={ACCOUNT_LIMITS.keyRateLimitMax}
          value={form.rateLimit}
          onValueChange={(rateLimit) => edit({ rateLimit })}
          error={problems.rateLimit ?? null}
        />
        <TextField
          id={ids.expiresOn}
          label="Expires on (optional)"
          type="date"
          min={today}
          value={form.expiresOn}
          onValueChange={(expiresOn) => edit({ expiresOn })}
          hint="The key works through the whole day. Empty: it does not expire."
          error={problems.expiresOn ?? null}
        />
      </div>
      {refusal ? (
        <p role="alert" className={ui.error}>
          {refusal}
        </p>
      ) : null}
      <div>
        <button type="submit" className={ui.button} disabled={busy}>
          <Plus aria-hidden="true" className="size-4" />
          {busy ? 'Creating...' : 'Create key'}
        </button>
      </div>
    </form>
  );
}

function ScopeBox({
  scope,
  checked,
  onChange,
}: {
  scope: ApiKeyScope;
  checked: boolean;
  onChange: (scope: ApiKeyScope, on: boolean) => void;
}) {
  const id = useId();
  const { label, description } = API_KEY_SCOPE_LABELS[scope];
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(scope, event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500 dark:border-slate-600"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
          {label} <code className="text-xs text-slate-600 dark:text-slate-400">{scope}</code>
        </label>
        <p id={`${id}-hint`} className="text-slate-600 dark:text-slate-400">
          {description}
        </p>
      </div>
    </div>
  );
}

/** The key just made, shown this once with a copy button, until the person says they have it. */
export function NewKeyBox({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const keyId = useId();
  // Moved to it at once, so a screen reader reads the key and its warning first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-amber-950 focus:outline-none dark:text-amber-50">
        Your new key “{created.apiKey.name}”
      </h3>
      <p className="mt-1 flex items-start gap-2 text-sm text-amber-900 dark:text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy it now: it will not be shown again. Only a fingerprint of it is kept, so it cannot be recovered.
      </p>
      <label htmlFor={keyId} className={`mt-3 ${ui.label}`}>
        API key
      </label>
      <input
        id={keyId}
        readOnly
        value={created.key}
        onFocus={(event) => event.target.select()}
        className={`${ui.input} font-mono`}
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <CopyButton text={created.key} description="API key copied to clipboard" label="Copy key" />
        <button type="button" className={ui.buttonSecondary} onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}

import { REDIRECT_DELAY_SECONDS, SHORTLINK_LIMITS, type RedirectMode, type ShortlinkFolder } from '@toolvault/shared';
import { LoaderCircle, Plus, Save, X } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { LinkFormValues } from './shortlink-manager.service';
import { LinkPasswordField } from './LinkPasswordField';
import { LinkRulesFields } from './LinkRulesFields';
import { FolderSelect } from './FolderSelect';
import { UrlField } from './UrlField';

const REDIRECT_MODES: readonly { value: RedirectMode; label: string; hint: string }[] = [
  {
    value: 'preview',
    label: `Preview page (${REDIRECT_DELAY_SECONDS} s)`,
    hint: 'Shows the destination, then continues after a countdown.',
  },
  { value: 'direct', label: 'Redirect at once', hint: 'Sends visitors straight to the target URL.' },
];

interface LinkFormProps {
  values: LinkFormValues;
  onChange: (values: LinkFormValues) => void;
  /** The code of the link being edited, or null in create mode. */
  editingCode: string | null;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onCancelEdit: () => void;
  /** Where a short code will live, e.g. "https://example.com/". */
  origin: string;
  /** Increments when the title field should take focus (Edit from the list). */
  focusTitle?: number;
  /** The folders a link may go in; without any (and none chosen), the form has no folder field. */
  folders?: readonly ShortlinkFolder[];
}

/** The admin Create/Edit form (create and edit mode, Cancel Edit). */
export function LinkForm({
  values,
  onChange,
  editingCode,
  busy,
  error,
  onSubmit,
  onCancelEdit,
  origin,
  focusTitle = 0,
  folders = [],
}: LinkFormProps) {
  const id = useId();
  const titleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusTitle > 0) titleInput.current?.focus();
  }, [focusTitle]);

  const field = (name: keyof LinkFormValues) => `${id}-${name}`;
  const errorId = `${id}-error`;
  const set =
    (name: 'title' | 'targetUrl' | 'shortCode' | 'metaImage' | 'description' | 'tags') =>
    (event: { target: { value: string } }) =>
      onChange({ ...values, [name]: event.target.value });
  const editing = editingCode !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };

  const describedBy = error ? errorId : undefined;
  return (
    <Card>
      <h2 className={ui.subheading}>{editing ? 'Edit Shortlink' : 'Create New Shortlink'}</h2>
      <p className={`mt-1 ${ui.muted}`}>
        {editing
          ? `Editing ${origin}${editingCode}. The short code of an existing link cannot change.`
          : 'Fields marked * are required. Leave the short code empty to get a random one.'}
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-2"
        aria-label={editing ? 'Edit shortlink' : 'Create shortlink'}
      >
        <div className="sm:col-span-2">
          <label htmlFor={field('title')} className={ui.label}>
            Title *
          </label>
          <input
            ref={titleInput}
            id={field('title')}
            type="text"
            value={values.title}
            onChange={set('title')}
            maxLength={SHORTLINK_LIMITS.title}
            placeholder="OWASP Top Ten"
            aria-required="true"
            aria-describedby={describedBy}
            className={ui.input}
          />
        </div>
        <UrlField
          className="sm:col-span-2"
          id={field('targetUrl')}
          label="Target URL *"
          value={values.targetUrl}
          onChange={set('targetUrl')}
          placeholder="https://example.com/page"
          required
          describedBy={describedBy}
        />
        <div>
          <label htmlFor={field('shortCode')} className={ui.label}>
            Short code (optional)
          </label>
          <div className="flex items-stretch">
            <span
              aria-hidden="true"
              className="hidden max-w-40 items-center truncate rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-700 sm:flex dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              {origin}
            </span>
            <input
              id={field('shortCode')}
              type="text"
              value={values.shortCode}
              onChange={set('shortCode')}
              disabled={editing}
              maxLength={32}
              placeholder="random"
              autoCapitalize="off"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${field('shortCode')}-hint`}
              className={`${ui.input} font-mono disabled:cursor-not-allowed disabled:bg-slate-100 sm:rounded-l-none dark:disabled:bg-slate-800`}
            />
          </div>
          <p id={`${field('shortCode')}-hint`} className={`mt-1 ${ui.muted}`}>
            3–32 letters, digits, - or _. Empty: 6 random characters.
          </p>
        </div>
        <UrlField
          id={field('metaImage')}
          label="Meta Image URL"
          value={values.metaImage}
          onChange={set('metaImage')}
          placeholder="https://example.com/preview.png"
        />
        <div className="sm:col-span-2">
          <label htmlFor={field('description')} className={ui.label}>
            Description
          </label>
          <textarea
            id={field('description')}
            value={values.description}
            onChange={set('description')}
            maxLength={SHORTLINK_LIMITS.description}
            rows={3}
            placeholder="Shown in the preview card and to social crawlers"
            className={ui.input}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={field('tags')} className={ui.label}>
            Tags (comma separated)
          </label>
          <input
            id={field('tags')}
            type="text"
            value={values.tags}
            onChange={set('tags')}
            placeholder="owasp, xss, cheat-sheet"
            autoCapitalize="off"
            className={ui.input}
          />
        </div>
        {folders.length > 0 || values.folder !== '' ? (
          <div>
            <FolderSelect
              id={field('folder')}
              value={values.folder}
              onChange={(folder) => onChange({ ...values, folder })}
              folders={folders}
            />
          </div>
        ) : null}
        <fieldset className="sm:col-span-2">
          <legend className={ui.label}>When someone opens the link</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {REDIRECT_MODES.map((mode) => {
              const optionId = `${field('redirectMode')}-${mode.value}`;
              return (
                <div key={mode.value} className="flex items-start gap-2 text-sm">
                  <input
                    id={optionId}
                    type="radio"
                    name={field('redirectMode')}
                    value={mode.value}
                    checked={values.redirectMode === mode.value}
                    onChange={() => onChange({ ...values, redirectMode: mode.value })}
                    aria-describedby={`${optionId}-hint`}
                    className="mt-0.5 size-4 accent-indigo-600"
                  />
                  <div>
                    <label htmlFor={optionId} className="font-medium text-slate-800 dark:text-slate-200">
                      {mode.label}
                    </label>
                    <p id={`${optionId}-hint`} className={ui.muted}>
                      {mode.hint}
                    </p>
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
        <LinkPasswordField id={field('password')} values={values} onChange={onChange} describedBy={describedBy} />
        <LinkRulesFields id={id} values={values.rules} onChange={(rules) => onChange({ ...values, rules })} />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row">
          <button type="submit" className={ui.button} disabled={busy}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : editing ? (
              <Save aria-hidden="true" className="size-4" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            {busy ? 'Saving...' : editing ? 'Update Shortlink' : 'Create Shortlink'}
          </button>
          {editing ? (
            <button type="button" className={ui.buttonSecondary} onClick={onCancelEdit} disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              Cancel Edit
            </button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

import {
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  shortUrl,
  type GuestShortlinkInput,
  type Shortlink,
} from '@toolvault/shared';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, LoaderCircle, Plus, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi } from '../../lib/query';
import { CopyLinkButton } from './CopyLinkButton';
import { linkClass, siteOrigin } from './LinkParts';
import { createGuestShortlink } from './shortlink-manager.api';
import {
  checkGuestLimit,
  EMPTY_GUEST_FORM,
  GUEST_LAST_CREATED_KEY,
  GUEST_LINK_KEY,
  parseStoredGuestLink,
  parseStoredTimestamp,
  rateLimitDetail,
  validateGuestForm,
  type GuestFormProblem,
  type GuestFormValues,
} from './shortlink-manager.service';
import { UrlField } from './UrlField';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode); the server still enforces the limit.
  }
}

/** The toast for each refusal. */
function announce(problem: GuestFormProblem | { kind: 'rate-limited'; message: string }) {
  switch (problem.kind) {
    case 'required':
      return toast.error(SHORTLINK_MESSAGES.required);
    case 'invalid-url':
      return toast.error(SHORTLINK_MESSAGES.invalidUrlTitle, { description: SHORTLINK_MESSAGES.invalidUrl });
    case 'rate-limited':
      return toast.error(SHORTLINK_MESSAGES.guestRateLimitedTitle, {
        description: SHORTLINK_MESSAGES.guestRateLimited,
      });
    case 'other':
      return toast.error('Failed to create shortlink', { description: problem.message });
  }
}

/** A guest sees only Create Link, then their own last link. */
export function GuestPanel({
  onSwitchToAdmin,
  focusOnMount = false,
}: {
  onSwitchToAdmin: () => void;
  focusOnMount?: boolean;
}) {
  const [link, setLink] = useState<Shortlink | null>(() => parseStoredGuestLink(readStorage(GUEST_LINK_KEY)));
  const [values, setValues] = useState<GuestFormValues>(EMPTY_GUEST_FORM);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(focusOnMount);
  const id = useId();
  const errorId = `${id}-error`;

  const create = useMutation({
    mutationFn: (input: GuestShortlinkInput) => fromApi(createGuestShortlink(input)),
    // Here rather than in the screen's own callbacks: the link is kept and the minute starts even
    // when the guest has left the form before the answer came.
    onSuccess: (created) => {
      writeStorage(GUEST_LINK_KEY, JSON.stringify(created));
      writeStorage(GUEST_LAST_CREATED_KEY, String(Date.now()));
      toast.success('Shortlink created', { description: shortUrl(siteOrigin(), created.shortCode) });
    },
  });
  const busy = create.isPending;

  // Focus follows the switch between the form and the created link, and arrival from the gate.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [link]);

  const set = (name: keyof GuestFormValues) => (event: { target: { value: string } }) => {
    setValues({ ...values, [name]: event.target.value });
    setError(null);
  };

  const rateLimited = (remainingSeconds: number | null) => {
    setError(rateLimitDetail(remainingSeconds));
    announce({ kind: 'rate-limited', message: SHORTLINK_MESSAGES.guestRateLimited });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const valid = validateGuestForm(values);
    if (!valid.ok) {
      setError(valid.error.message);
      announce(valid.error);
      return;
    }
    const limit = checkGuestLimit(parseStoredTimestamp(readStorage(GUEST_LAST_CREATED_KEY)), Date.now());
    if (!limit.allowed) {
      rateLimited(limit.remainingSeconds);
      return;
    }
    create.mutate(valid.value, {
      onSuccess: (created) => {
        setValues(EMPTY_GUEST_FORM);
        focusHeading.current = true;
        setLink(created);
      },
      onError: ({ status, message, retryAfterSeconds }) => {
        if (status === 429) {
          rateLimited(retryAfterSeconds ?? null);
          return;
        }
        // The form checked the fields with the server's own schema, so a refusal here is about something
        // else (a link to one of our short links, an outage): the server's sentence is shown as it is.
        const problem = { kind: 'other' as const, message };
        setError(`Failed to create shortlink: ${problem.message}`);
        announce(problem);
      },
    });
  };

  const createAnother = () => {
    writeStorage(GUEST_LINK_KEY, null);
    focusHeading.current = true;
    setLink(null);
  };

  const url = link ? shortUrl(siteOrigin(), link.shortCode) : '';
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <UserRound aria-hidden="true" className="size-5" />
          Guest mode: one shortlink per minute
        </p>
        <button type="button" className={ui.buttonSecondary} onClick={onSwitchToAdmin}>
          <KeyRound aria-hidden="true" className="size-4" />
          Switch to Admin
        </button>
      </div>

      {link ? (
        <Card>
          <div className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" />
            <h2 ref={heading} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
              Your Shortlink
            </h2>
          </div>
          <p className="mt-3 font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{link.title}</p>
          <p className="mt-1 text-lg">
            <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {url}
            </a>
          </p>
          <p className={`mt-1 font-mono break-all ${ui.muted}`}>
            <span className="sr-only">Target: </span>
            {link.targetUrl}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <CopyLinkButton url={url} label="Copy Link" />
            <button type="button" className={ui.button} onClick={createAnother}>
              <Plus aria-hidden="true" className="size-4" />
              Create Another Link
            </button>
          </div>
        </Card>
      ) : (
        <Card>
          <h2 ref={heading} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
            Create Link
          </h2>
          <p className={`mt-1 ${ui.muted}`}>
            Fields marked * are required. Only http and https addresses are accepted.
          </p>
          <form onSubmit={submit} noValidate className="mt-5 space-y-4" aria-label="Create shortlink as guest">
            <div>
              <label htmlFor={`${id}-title`} className={ui.label}>
                Title *
              </label>
              <input
                id={`${id}-title`}
                type="text"
                value={values.title}
                onChange={set('title')}
                maxLength={SHORTLINK_LIMITS.title}
                placeholder="My link"
                aria-required="true"
                aria-describedby={error ? errorId : undefined}
                className={ui.input}
              />
            </div>
            <UrlField
              id={`${id}-target`}
              label="Target URL *"
              value={values.targetUrl}
              onChange={set('targetUrl')}
              placeholder="https://example.com/page"
              required
              describedBy={error ? errorId : undefined}
            />
            <UrlField
              id={`${id}-image`}
              label="Meta Image URL"
              value={values.metaImage}
              onChange={set('metaImage')}
              placeholder="https://example.com/preview.png"
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <button type="submit" className={ui.button} disabled={busy}>
              {busy ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Plus aria-hidden="true" className="size-4" />
              )}
              {busy ? 'Creating...' : 'Create Shortlink'}
            </button>
          </form>
        </Card>
      )}
    </div>
  );
}

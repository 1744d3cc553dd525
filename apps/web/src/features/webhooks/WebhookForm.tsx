import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEvent } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { webhookKeys, webhooksApi } from './webhooks.api';

/** Registers a webhook: its URL, what it is for and the events it takes. The server makes the secret. */
export function WebhookForm({ onExpired }: { onExpired: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['link.created']);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => fromApi(webhooksApi.create(getAdminToken(), { url, description, events })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setError('Choose at least one event');
      return;
    }
    setError(null);
    create.mutate(undefined, {
      onSuccess: () => {
        toast.success('Webhook added', { description: url });
        setUrl('');
        setDescription('');
        void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      },
      onError: unlessUnauthorized(onExpired, (failure) => setError(failure.message)),
    });
  };
  const toggle = (name: WebhookEvent) =>
    setEvents((list) => (list.includes(name) ? list.filter((e) => e !== name) : [...list, name]));

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className={ui.subheading}>
        Add a webhook
      </h2>
      <form onSubmit={submit} className="grid max-w-xl gap-4" noValidate>
        <div>
          <label htmlFor={`${id}-url`} className={ui.label}>
            URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            required
            maxLength={WEBHOOK_LIMITS.url}
            className={ui.input}
            placeholder="https://example.com/toolvault"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-description`} className={ui.label}>
            Description (optional)
          </label>
          <input
            id={`${id}-description`}
            maxLength={WEBHOOK_LIMITS.description}
            className={ui.input}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset>
          <legend className={ui.label}>Events</legend>
          <div className="flex flex-wrap gap-4">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} />
                {WEBHOOK_EVENT_LABELS[name]}
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        )}
        <div>
          <button type="submit" className={ui.button} disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add webhook'}
          </button>
        </div>
      </form>
    </section>
  );
}

import { CONTACT_LIMITS } from '@toolvault/shared';
import {
  Bug,
  CircleCheck,
  Clock,
  Lightbulb,
  LoaderCircle,
  Send,
  ShieldExclamationPoint,
  type LucideIcon,
} from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { Card, Page } from '../../components/Page';
import { OfflineNotice } from '../../components/OfflineNotice';
import { ui } from '../../components/ui';
import { QueryProvider } from '../../lib/query';
import {
  EMPTY_CONTACT,
  SUCCESS_MESSAGE,
  SUCCESS_VISIBLE_MS,
  delay,
  postContact,
  submitContact,
  validateContact,
  type ContactDeps,
  type ContactField,
  type ContactFieldErrors,
  type ContactSubmitResult,
  type ContactValues,
} from './contact-form';

const defaultDeps: ContactDeps = { send: (message) => postContact(message), wait: delay };

/** The stated response times. */
const RESPONSE_TIMES: readonly { topic: string; time: string }[] = [
  { topic: 'General inquiries', time: '24-48 hours' },
  { topic: 'Technical support', time: '12-24 hours' },
  { topic: 'Bug reports', time: '6-12 hours' },
  { topic: 'Security issues', time: 'Immediate' },
];

const BLURBS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldExclamationPoint,
    title: 'Report a security issue',
    text: 'Found a vulnerability in Toolvault itself? Start the subject with “Security”, describe the impact and the steps to reproduce, and give us a chance to fix it before you disclose it publicly.',
  },
  {
    icon: Bug,
    title: 'Report a bug',
    text: 'Tell us which tool you used, what you did, what you expected to happen, and your browser and its version.',
  },
  {
    icon: Lightbulb,
    title: 'Suggest a tool',
    text: 'Missing something you reach for during an engagement or a CTF? We read every suggestion.',
  },
];

const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-400';
const invalidClass = 'aria-invalid:border-red-600 dark:aria-invalid:border-red-400';

export default function ContactPage({ deps = defaultDeps }: { deps?: ContactDeps }) {
  return (
    <QueryProvider>
      <ContactScreen deps={deps} />
    </QueryProvider>
  );
}

function ContactScreen({ deps }: { deps: ContactDeps }) {
  const [values, setValues] = useState<ContactValues>({ ...EMPTY_CONTACT });
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  // Sending is the mutation's pending state; a message that was sent stays shown (the answer kept as
  // the mutation's data) until the form is cleared. A refusal is data too, never thrown: the form's
  // own service says what to show for it.
  const send = useMutation({ mutationFn: (message: ContactValues) => submitContact(message, deps) });
  const sent = send.data?.ok === true;
  const failed = send.data?.ok === false && send.data.error.kind === 'failed' ? send.data : null;
  const busy = send.isPending || sent;
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const submitButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // After a failure the button is enabled again: keyboard focus goes back to it (what was typed stays).
  useEffect(() => {
    if (failed) submitButton.current?.focus();
  }, [failed]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as ContactField;
    setValues((v) => ({ ...v, [field]: event.target.value }));
    // The visitor is fixing this field: stop calling it wrong.
    if (errors[field]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
  };

  const afterSend = async (result: ContactSubmitResult) => {
    if (!result.ok) {
      // 'invalid' cannot happen: the same values were valid a moment ago. Show it rather than hang.
      if (result.error.kind === 'invalid') setErrors(result.error.errors);
      else toast.error(result.error.message);
      return;
    }
    await deps.wait(SUCCESS_VISIBLE_MS);
    setValues({ ...EMPTY_CONTACT });
    send.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;

    const validation = validateContact(values);
    if (!validation.ok) {
      setErrors(validation.error.errors);
      fields.current[validation.error.firstInvalid]?.focus();
      return;
    }
    setErrors({});
    send.mutate(values, { onSuccess: (result) => void afterSend(result) });
  };

  const fieldProps = (field: ContactField) => {
    const error = errors[field];
    return {
      id: `contact-${field}`,
      name: field,
      value: values[field],
      onChange,
      required: true,
      readOnly: busy,
      maxLength: CONTACT_LIMITS[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${field}-error` : undefined,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        fields.current[field] = element;
      },
      className: `${ui.input} ${invalidClass}`,
    };
  };

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className={errorClass}>
        {errors[field]}
      </p>
    ) : null;

  // No asterisks: "All fields are required." says it once, and the labels stay exactly the field names.
  const label = (field: ContactField, text: string) => (
    <label htmlFor={`contact-${field}`} className={ui.label}>
      {text}
    </label>
  );

  return (
    <Page
      title="Contact Us"
      description="Questions, bug reports, security issues or tool ideas: send the Toolvault team a message."
    >
      <OfflineNotice what="The contact form" onRetry={busy ? undefined : () => form.current?.requestSubmit()} />
      <header className="mb-8">
        <h1 className={ui.heading}>Contact Us</h1>
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
          Have a question, found a bug, or want to suggest a tool? Send us a message and we will get back to you.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className={ui.subheading}>Send us a message</h2>
          <p className={`mt-1 ${ui.muted}`}>All fields are required.</p>

          <form ref={form} noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-label="Contact form">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                {label('name', 'Name')}
                <input type="text" autoComplete="name" {...fieldProps('name')} />
                {fieldError('name')}
              </div>
              <div>
                {label('email', 'Email')}
                <input type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
                {fieldError('email')}
              </div>
            </div>
            <div>
              {label('subject', 'Subject')}
              <input type="text" autoComplete="off" {...fieldProps('subject')} />
              {fieldError('subject')}
            </div>
            <div>
              {label('message', 'Message')}
              <textarea rows={6} {...fieldProps('message')} />
              {fieldError('message')}
            </div>

            {/* Always in the page, so screen readers announce the success text when it appears. */}
            <div role="status">
              {sent ? (
                <p className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{SUCCESS_MESSAGE}</span>
                </p>
              ) : null}
            </div>

            <button ref={submitButton} type="submit" disabled={busy} className={`${ui.button} w-full sm:w-auto`}>
              {send.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Sending...
                </>
              ) : (
                <>
                  <Send aria-hidden="true" className="size-4" />
                  Send Message
                </>
              )}
            </button>
          </form>
        </Card>

        <div className="space-y-6">
          <Card>
            <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
              <Clock aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
              Response times
            </h2>
            <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {RESPONSE_TIMES.map(({ topic, time }) => (
                <div key={topic} className="flex items-center justify-between gap-4 py-2">
                  <dt className="text-slate-700 dark:text-slate-300">{topic}</dt>
                  <dd className="font-semibold text-slate-900 dark:text-white">{time}</dd>
                </div>
              ))}
            </dl>
          </Card>

          <Card>
            <h2 className={ui.subheading}>How we can help</h2>
            <ul className="mt-3 space-y-4">
              {BLURBS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
                  <div>
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
                    <p className={`mt-1 ${ui.muted}`}>{text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className={`mt-4 border-t border-slate-200 pt-4 dark:border-slate-800 ${ui.muted}`}>
              We use your name and email address only to reply to you. See our{' '}
              <Link
                to="/privacy-policy"
                className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
              >
                Privacy Policy
              </Link>
              .
            </p>
          </Card>
        </div>
      </div>
    </Page>
  );
}

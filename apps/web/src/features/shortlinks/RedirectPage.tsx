import { ENDPOINTS, endpointUrl, inactivePage, type PublicShortlink } from '@toolvault/shared';
import { ArrowLeft, ArrowRight, Link2Off, Loader2, ShieldAlert, X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Canonical, Meta } from '../../components/Head';
import { NotFoundPage } from '../../app/NotFoundPage';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { QueryProvider } from '../../lib/query';
import { realScheduler, type Scheduler } from '../../lib/simulation';
import { PasswordGate } from './PasswordGate';
import { previewQuery } from './redirect.queries';
import {
  toPreview,
  countdownAnnouncement,
  countdownText,
  isBotUserAgent,
  lookupProblem,
  REDIRECT_ERRORS,
  REDIRECT_DELAY_SECONDS,
  type RedirectProblem,
  validateCode,
  type Preview,
} from './redirect.service';
import { useCountdown } from './use-countdown';

type State =
  { status: 'loading' } | { status: 'error'; problem: RedirectProblem } | { status: 'found'; preview: Preview };

export interface RedirectViewProps {
  code: string | undefined;
  /** Leaves for the destination; location.replace, so Back returns to where the visitor came from. */
  navigate?: (url: string) => void;
  userAgent?: string;
  /** The page's query string: `?qr=1` (what a link's QR code encodes) marks the visit as a scan. */
  search?: string;
  scheduler?: Scheduler;
}

const leave = (url: string) => window.location.replace(url);

/**
 * Counts the visit: a background JSON GET of /{code}, whose answer is ignored. keepalive lets it
 * finish when the visitor follows "Continue now" at once.
 */
function countClick(shortCode: string, qr: boolean): void {
  // Our own page is this request's Referer; forward where the visitor came from (host kept by the server).
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (document.referrer) headers['X-Visitor-Referrer'] = document.referrer;
  // A scan keeps its flag, so the server counts it under the "QR code" source; nothing else of the query goes.
  const url = endpointUrl(ENDPOINTS.shortlinkClick, { params: { shortCode } }) + (qr ? '?qr=1' : '');
  fetch(url, { headers, keepalive: true }).catch(() => undefined);
}

/** /{shortCode}: loading → preview card → redirect after 8 seconds (docs/decisions/0003-one-origin.md). */
export default function RedirectPage() {
  const { shortCode } = useParams();
  // A new code is a new page: state starts over.
  return (
    <QueryProvider>
      <RedirectView key={shortCode ?? ''} code={shortCode} />
    </QueryProvider>
  );
}

export function RedirectView({
  code,
  navigate = leave,
  userAgent = navigator.userAgent,
  search = window.location.search,
  scheduler = realScheduler,
}: RedirectViewProps) {
  const valid = validateCode(code);
  const lookup = useQuery({ ...previewQuery(valid.ok ? valid.value : ''), enabled: valid.ok });
  const [cancelled, setCancelled] = useState(false);
  // A password link opened by this browser's unlock cookie: the server counted the click already.
  const [unlocked, setUnlocked] = useState<PublicShortlink | null>(null);
  const bot = isBotUserAgent(userAgent);
  const locked = lookup.status === 'error' && lookup.error.code === 'SHORTLINK_PASSWORD_REQUIRED';
  const opened = unlocked ? toPreview(unlocked) : null;

  // An inactive link (its dates, its visit limit): its fallback at once, else its own page.
  const inactive =
    lookup.status === 'error' &&
    (lookup.error.code === 'SHORTLINK_EXPIRED' || lookup.error.code === 'SHORTLINK_NOT_ACTIVE')
      ? lookup.error
      : null;
  const fallback = inactive?.fallbackUrl ?? null;
  useEffect(() => {
    if (fallback !== null) navigate(fallback);
  }, [fallback, navigate]);

  const state: State = !valid.ok
    ? { status: 'error', problem: 'invalid' }
    : opened
      ? opened.ok
        ? { status: 'found', preview: opened.value }
        : { status: 'error', problem: 'invalid' }
      : lookup.status === 'pending'
        ? { status: 'loading' }
        : lookup.status === 'error'
          ? { status: 'error', problem: lookupProblem(lookup.error.status) }
          : lookup.data.ok
            ? { status: 'found', preview: lookup.data.value }
            : { status: 'error', problem: 'invalid' };

  // Once per visit: the code becomes countable once, when its preview is found (a new code is a new
  // page), and the lookup itself stays free of side effects, so asking it again never counts twice.
  const countable = state.status === 'found' && !bot && valid.ok && !unlocked ? valid.value : null;
  const qr = new URLSearchParams(search).get('qr') === '1';
  useEffect(() => {
    if (countable !== null) countClick(countable, qr);
  }, [countable, qr]);

  const found = state.status === 'found' ? state.preview : null;
  const running = found !== null && !bot && !cancelled;
  const remaining = useCountdown({
    seconds: REDIRECT_DELAY_SECONDS,
    running,
    scheduler,
    onDone: () => {
      if (found) navigate(found.targetUrl);
    },
  });

  if (locked && !unlocked && valid.ok) {
    return <PasswordGate shortCode={valid.value} onOpen={setUnlocked} reload={() => navigate(`/${valid.value}`)} />;
  }

  if (state.status === 'loading') {
    return (
      <Page title="Opening link" width="narrow">
        <Card className="py-12 text-center">
          <h1 className="sr-only">Opening link</h1>
          <p role="status" className="flex items-center justify-center gap-2 text-slate-700 dark:text-slate-300">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            Loading shortlink...
          </p>
        </Card>
      </Page>
    );
  }

  if (inactive !== null && fallback === null) {
    const { heading, text } = inactivePage(inactive.code === 'SHORTLINK_NOT_ACTIVE' ? 'scheduled' : 'expired');
    return (
      <Page title={heading} width="narrow">
        <Meta name="robots" content="noindex" />
        <Card className="py-12 text-center">
          <Link2Off aria-hidden="true" className="mx-auto size-10 text-slate-500" />
          <h1 className={`mt-4 ${ui.heading}`}>{heading}</h1>
          <p className={`mt-2 ${ui.muted}`}>{text}</p>
          <Link to="/" className={`mt-6 ${ui.button}`}>
            Return to Home
          </Link>
        </Card>
      </Page>
    );
  }

  if (state.status === 'error') {
    // An unknown code is the site's one 404 page, as the server already answered it.
    if (state.problem === 'notFound') return <NotFoundPage kind="shortlink" />;
    const message = REDIRECT_ERRORS[state.problem];
    return (
      <Page title={message} width="narrow">
        <Meta name="robots" content="noindex" />
        <Card className="py-12 text-center">
          <Link2Off aria-hidden="true" className="mx-auto size-10 text-slate-500" />
          <h1 className={`mt-4 ${ui.heading}`}>{message}</h1>
          <p className={`mt-2 ${ui.muted}`}>
            {state.problem === 'network'
              ? 'The link could not be loaded. Check your connection and try again.'
              : 'The link may have been removed or mistyped.'}
          </p>
          <Link to="/" className={`mt-6 ${ui.button}`}>
            Return to Home
          </Link>
        </Card>
      </Page>
    );
  }

  const preview = state.preview;
  return (
    <Page title={preview.title} description={preview.description || undefined} width="narrow">
      <PreviewMeta preview={preview} />
      <Card className="overflow-hidden p-0">
        {preview.image ? (
          <img
            src={preview.image}
            alt=""
            referrerPolicy="no-referrer"
            className="aspect-[1.91/1] w-full bg-slate-100 object-cover dark:bg-slate-800"
          />
        ) : null}
        <div className="p-6">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">You are about to visit</p>
          <p className="mt-1 font-mono text-2xl font-bold [overflow-wrap:anywhere] text-slate-900 sm:text-3xl dark:text-white">
            {preview.host}
          </p>
          <p className="mt-1 font-mono text-sm break-all text-slate-600 dark:text-slate-400">{preview.targetUrl}</p>
          {preview.insecure ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-amber-800 dark:text-amber-300">
              <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
              This destination does not use HTTPS.
            </p>
          ) : null}

          <h1 className="mt-6 text-2xl font-bold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
            {preview.title}
          </h1>
          {preview.description ? (
            <p className="mt-2 [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">{preview.description}</p>
          ) : null}

          <div className="mt-6 rounded-lg bg-slate-100 p-4 dark:bg-slate-800">
            {bot ? (
              <p className="text-sm text-slate-800 dark:text-slate-200">Automatic redirect is skipped for crawlers.</p>
            ) : cancelled ? (
              <p className="text-sm text-slate-800 dark:text-slate-200">Automatic redirect cancelled.</p>
            ) : (
              <>
                <p className="text-sm font-medium text-slate-800 tabular-nums dark:text-slate-200">
                  {countdownText(remaining)}
                </p>
                <div aria-hidden="true" className="mt-2 h-1.5 rounded-full bg-slate-300 dark:bg-slate-700">
                  <div
                    className="h-1.5 rounded-full bg-indigo-600 transition-[width] duration-1000 ease-linear dark:bg-indigo-400"
                    style={{ width: `${((REDIRECT_DELAY_SECONDS - remaining) / REDIRECT_DELAY_SECONDS) * 100}%` }}
                  />
                </div>
              </>
            )}
            {/* Polite and sparse: the text changes only every few seconds (8, 5, 2). */}
            <p role="status" className="sr-only">
              {running ? countdownAnnouncement(remaining) : cancelled ? 'Automatic redirect cancelled.' : ''}
            </p>
          </div>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href={preview.targetUrl} className={ui.button} rel="noopener">
              Continue now
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
            {running ? (
              <button type="button" className={ui.buttonSecondary} onClick={() => setCancelled(true)}>
                <X aria-hidden="true" className="size-4" />
                Stay on this page
              </button>
            ) : null}
            <Link to="/" className={ui.buttonSecondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Toolvault
            </Link>
          </div>
        </div>
      </Card>
    </Page>
  );
}

/** Social tags from the link: they update the server's copies and leave with the page. */
function PreviewMeta({ preview }: { preview: Preview }) {
  return (
    <>
      <Meta property="og:type" content="website" />
      <Meta property="og:title" content={preview.title} />
      <Meta property="og:description" content={preview.description} />
      <Meta property="og:image" content={preview.image} />
      <Meta property="og:url" content={preview.targetUrl} />
      <Canonical href={preview.targetUrl} />
      <Meta name="twitter:card" content={preview.image ? 'summary_large_image' : 'summary'} />
      <Meta name="twitter:title" content={preview.title} />
      <Meta name="twitter:description" content={preview.description} />
      <Meta name="twitter:image" content={preview.image} />
    </>
  );
}

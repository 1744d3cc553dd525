import { useQuery } from '@tanstack/react-query';
import { QR_ECC_LABELS, QR_ECC_LEVELS, QR_SIZE, qrCodeUrl, type QrFormat, type Shortlink } from '@toolvault/shared';
import { Download, QrCode, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../../lib/toast';
import { ui } from '../../components/ui';
import { clearAdminToken, useAdminToken } from '../../features/auth/admin-session';
import { downloadBlob } from '../../lib/download';
import { useModalFocus } from '../../lib/use-modal-focus';
import { useObjectUrl } from '../../lib/use-object-url';
import { fromApi } from '../../lib/query';
import { siteOrigin, smallButton } from './LinkParts';
import { checkQrSettings, DEFAULT_QR_SETTINGS, qrFileName, type QrRequest, type QrSettings } from './qr-code.service';
import { shortlinkApi } from './shortlink-manager.api';

/** How long the settings rest before the preview is asked for again (a colour picker sends a change per move). */
export const QR_PREVIEW_DELAY_MS = 250;

/** The "QR code" action of a link's row: opens the dialog. */
export function QrCodeButton({ link }: { link: Shortlink }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={smallButton}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`QR code ${link.shortCode}`}
      >
        <QrCode aria-hidden="true" className="size-4" />
        QR code
      </button>
      {open ? <QrCodeDialog link={link} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** A refused token ends the session, as everywhere in the manager: the page returns to the sign-in gate. */
function expire() {
  clearAdminToken();
  toast.error('Session expired', { description: 'Please log in again.' });
}

/** The settings the preview shows: those typed, once they have rested and are valid. */
function useRestingRequest(request: QrRequest | null): QrRequest | null {
  const key = request ? JSON.stringify(request) : null;
  const [resting, setResting] = useState<string | null>(key);
  useEffect(() => {
    const timer = setTimeout(() => setResting(key), QR_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return resting === null ? null : (JSON.parse(resting) as QrRequest);
}

/**
 * A link's QR code: a preview, size, error correction and colours with a live contrast check, and
 * downloads as SVG or PNG. The server draws every image (GET /api/shortlinks/{id}/qr), so what is
 * previewed and saved is what the API gives scripts, holding the short URL the server writes.
 */
export function QrCodeDialog({ link, onClose }: { link: Shortlink; onClose: () => void }) {
  const token = useAdminToken() ?? '';
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [settings, setSettings] = useState<QrSettings>(DEFAULT_QR_SETTINGS);
  const [saving, setSaving] = useState<QrFormat | null>(null);
  useModalFocus({ dialog, initial: close, onClose });

  const check = checkQrSettings(settings);
  const request = check.ok ? check.request : null;
  const shown = useRestingRequest(request);
  const preview = useQuery({
    queryKey: ['shortlinks', 'qr', link.id, shown],
    queryFn: ({ signal }) => fromApi(shortlinkApi.qr(token, link.id, shown!, 'svg', signal)),
    enabled: shown !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (preview.error?.status === 401) expire();
  }, [preview.error]);
  const image = useObjectUrl(preview.data);

  const change = (part: Partial<QrSettings>) => setSettings((current) => ({ ...current, ...part }));
  const save = async (format: QrFormat) => {
    if (!request || saving) return;
    setSaving(format);
    const result = await shortlinkApi.qr(token, link.id, request, format);
    setSaving(null);
    if (result.ok) downloadBlob(result.value, qrFileName(link.shortCode, request, format));
    else if (result.error.status === 401) expire();
    else toast.error(`Failed to download the QR code`, { description: result.error.message });
  };

  const url = qrCodeUrl(siteOrigin(), link.shortCode);
  const field = (name: string) => `${id}-${name}`;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60" onClick={onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={field('title')}
        aria-describedby={field('url')}
        className="relative w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={field('title')} className={ui.subheading}>
            QR code for {link.shortCode}
          </h2>
          <button ref={close} type="button" className={smallButton} onClick={onClose} aria-label="Close">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p id={field('url')} className={`mt-1 [overflow-wrap:anywhere] ${ui.muted}`}>
          Scans open {url} and are counted as QR scans.
        </p>
        <div className="mt-4 grid gap-6 sm:grid-cols-[1fr_16rem]">
          <div className="flex min-h-64 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800">
            {image && shown ? (
              <img src={image} alt={`QR code for ${url}`} className="h-auto max-h-80 w-full max-w-80" />
            ) : preview.isError ? (
              <p role="alert" className={ui.error}>
                Failed to load the preview: {preview.error.message}
              </p>
            ) : (
              <p className={ui.muted}>{request ? 'Loading preview…' : 'Fix the settings to see the code.'}</p>
            )}
          </div>
          <div className="space-y-4">
            <div>
              <label htmlFor={field('size')} className={ui.label}>
                Size (pixels)
              </label>
              <input
                id={field('size')}
                type="number"
                inputMode="numeric"
                min={QR_SIZE.min}
                max={QR_SIZE.max}
                step={1}
                value={settings.size}
                onChange={(event) => change({ size: event.target.value })}
                aria-invalid={!check.ok && check.sizeError !== undefined}
                aria-describedby={field('size-error')}
                className={ui.input}
              />
              <p id={field('size-error')} className={ui.error}>
                {!check.ok ? check.sizeError : null}
              </p>
            </div>
            <div>
              <label htmlFor={field('ecc')} className={ui.label}>
                Error correction
              </label>
              <select
                id={field('ecc')}
                value={settings.ecc}
                onChange={(event) => change({ ecc: event.target.value as QrSettings['ecc'] })}
                className={ui.input}
              >
                {QR_ECC_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {QR_ECC_LABELS[level]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid grid-cols-2 gap-3">
              {(['fg', 'bg'] as const).map((part) => (
                <div key={part}>
                  <label htmlFor={field(part)} className={ui.label}>
                    {part === 'fg' ? 'Foreground' : 'Background'}
                  </label>
                  <input
                    id={field(part)}
                    type="color"
                    value={settings[part]}
                    onChange={(event) => change({ [part]: event.target.value })}
                    aria-describedby={field('contrast')}
                    className="h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
                  />
                </div>
              ))}
            </div>
            <div id={field('contrast')} role="status" aria-live="polite" className="text-sm">
              {check.ok ? (
                <p className="text-emerald-800 dark:text-emerald-300">{check.contrast}: readable.</p>
              ) : check.colorError ? (
                <p className={ui.error}>{check.colorError}</p>
              ) : (
                <p className={ui.muted}>{check.contrast}</p>
              )}
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {(['svg', 'png'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className={ui.button}
              onClick={() => void save(format)}
              aria-disabled={!request || saving !== null || undefined}
            >
              <Download aria-hidden="true" className="size-4" />
              {saving === format ? 'Downloading…' : `Download ${format.toUpperCase()}`}
            </button>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}

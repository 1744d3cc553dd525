import { ExternalLink, ScanLine, TriangleAlert, Wifi } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import {
  describeInvisible,
  detectContentType,
  invisibleCharacters,
  openableUrl,
  parseWifi,
  PROCESSING_FAILED,
  SCAN_FAILED_TITLE,
  SCAN_TIPS,
  type QrContentType,
} from './qr-reader.service';
import { DECODER_LABELS, type ScanOutcome } from './qr-reader.protocol';
import { scanQrImage } from './qr-reader.client';

const BADGE_CLASSES: Record<QrContentType, string> = {
  URL: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  Email: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  Phone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  WiFi: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Text: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export default function QrReaderTool() {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const { running, run, cancel } = useCancellableRun();

  const chooseFile = (next: File | null) => {
    cancel();
    setFile(next);
    setOutcome(null);
  };

  const scan = async () => {
    if (!file) return;
    setOutcome(null);
    await run(async (signal) => {
      const scanned = await scanQrImage(file, { signal });
      if (scanned.ok) setOutcome(scanned.value);
      else toast.error(scanned.error);
    }).catch(() => toast.error(PROCESSING_FAILED));
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Upload Image</h2>
        <div className="mt-4">
          <ImageUpload
            file={file}
            onFileChange={chooseFile}
            label="Upload an image with a QR code"
            disabled={running}
          />
        </div>
        <button type="button" className={`mt-4 ${ui.button}`} onClick={() => void scan()} disabled={!file || running}>
          <ScanLine aria-hidden="true" className="size-4" />
          {running ? 'Scanning...' : 'Scan QR Code'}
        </button>
      </Card>

      <p role="status" className="sr-only">
        {outcome
          ? outcome.found
            ? `QR code decoded: ${detectContentType(outcome.text)} content.`
            : `${SCAN_FAILED_TITLE}: no QR code was found.`
          : ''}
      </p>
      {outcome?.found ? <ScanResult text={outcome.text} decoder={DECODER_LABELS[outcome.decoder]} /> : null}
      {outcome && !outcome.found ? (
        <Card className="border-amber-300 dark:border-amber-700">
          <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
            <TriangleAlert aria-hidden="true" className="size-5 text-amber-700 dark:text-amber-400" />
            {SCAN_FAILED_TITLE}
          </h2>
          <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
            No readable QR code was found in this image.
          </p>
          <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white">Tips</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {SCAN_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <p className={`mt-3 ${ui.muted}`}>Decoder: {DECODER_LABELS[outcome.decoder]}</p>
        </Card>
      ) : null}
    </div>
  );
}

function ScanResult({ text, decoder }: { text: string; decoder: string }) {
  const type = detectContentType(text);
  const href = openableUrl(text);
  const wifi = parseWifi(text);
  const invisible = invisibleCharacters(text);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className={`flex items-center gap-2 ${ui.subheading}`}>
          Scan Result
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[type]}`}>
            <span className="sr-only">Type: </span>
            {type}
          </span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={text} description="Output copied to clipboard" />
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className={ui.button}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Open in new tab
            </a>
          ) : null}
        </div>
      </div>
      <label htmlFor="qr-decoded" className={`mt-4 ${ui.label}`}>
        Decoded text
      </label>
      <textarea
        id="qr-decoded"
        value={text}
        readOnly
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        spellCheck={false}
        aria-describedby={invisible.length > 0 ? 'qr-invisible' : undefined}
        className={`${ui.input} break-all`}
      />
      {invisible.length > 0 ? (
        <p id="qr-invisible" className={`mt-2 ${ui.muted}`}>
          Also holds characters a text box does not show: {describeInvisible(invisible)}. They are in the text exactly
          as the code holds them, and Copy includes them.
        </p>
      ) : null}
      {type === 'WiFi' || wifi ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="flex items-center gap-2 font-semibold">
            <Wifi aria-hidden="true" className="size-4" />
            WiFi network
          </p>
          <p className="mt-1">
            WiFi codes use the format{' '}
            <code className="font-mono">
              WIFI:S:&lt;network name&gt;;T:&lt;WPA|WEP|nopass&gt;;P:&lt;password&gt;;H:&lt;true if hidden&gt;;;
            </code>
            . A phone camera offers to join the network; on a computer, enter these details by hand.
          </p>
          {wifi ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-medium">Network (SSID)</dt>
              <dd className="[overflow-wrap:anywhere]">{wifi.ssid}</dd>
              <dt className="font-medium">Security</dt>
              <dd>{wifi.security}</dd>
              <dt className="font-medium">Password</dt>
              <dd>{wifi.hasPassword ? 'Included (in the decoded text above)' : 'None'}</dd>
              <dt className="font-medium">Hidden network</dt>
              <dd>{wifi.hidden ? 'Yes' : 'No'}</dd>
            </dl>
          ) : (
            <p className="mt-1">This text mentions WiFi but is not in that format.</p>
          )}
        </div>
      ) : null}
      <p className={`mt-3 ${ui.muted}`}>Decoded with {decoder}.</p>
    </Card>
  );
}

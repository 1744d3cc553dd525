import { Download, QrCode } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { downloadBlob, downloadText } from '../../lib/download';
import { err, ok } from '../../lib/result';
import { urlField } from '../../lib/url-state';
import { useUrlState, useUrlText } from '../../lib/use-url-state';
import { useObjectUrl } from '../../lib/use-object-url';
import {
  clampSize,
  DEFAULT_LEVEL,
  ERROR_CORRECTION_LEVELS,
  generateQr,
  isErrorCorrectionLevel,
  LEVEL_LABELS,
  qrAltText,
  QR_SIZE,
  type ErrorCorrectionLevel,
  type GeneratedQr,
} from './qr-generator.service';

/** Toast texts. */
const GENERATED = 'QR Code generated successfully!';
const DOWNLOADED = 'QR Code downloaded successfully!';

/** The options a shared address carries; the text never goes there. */
const QR_URL = {
  size: urlField.integer({ min: QR_SIZE.min, max: QR_SIZE.max, fallback: QR_SIZE.default }),
  level: urlField.choice(ERROR_CORRECTION_LEVELS, DEFAULT_LEVEL),
};
/** Only a size the field would keep as typed goes into the address. */
const exactSize = (text: string) => {
  const choice = clampSize(text);
  return choice.note ? err(choice.note) : ok(choice.size);
};

export default function QrGeneratorTool() {
  const [text, setText] = useState('');
  const [settings, update] = useUrlState(QR_URL);
  const [sizeInput, setSizeInput] = useUrlText(settings.size, exactSize, (size) => update({ size }, 'replace'));
  const [sizeNote, setSizeNote] = useState<string | undefined>();
  const { level } = settings;
  const setLevel = (value: ErrorCorrectionLevel) => update({ level: value });
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<(GeneratedQr & { pngBlob: Blob }) | null>(null);
  const pngUrl = useObjectUrl(result?.pngBlob);
  const sizeHintId = useId();

  /** Applies the 100–500 rule to the field and says what changed (the note stays until the field is edited). */
  const settleSize = () => {
    const choice = clampSize(sizeInput);
    if (choice.note) setSizeNote(choice.note);
    setSizeInput(String(choice.size));
    return choice.size;
  };

  const generate = async () => {
    const size = settleSize();
    setRunning(true);
    try {
      const generated = await generateQr({ text, size, level });
      if (!generated.ok) {
        toast.error(generated.error);
        return;
      }
      setResult({ ...generated.value, pngBlob: new Blob([generated.value.png], { type: 'image/png' }) });
      toast.success(GENERATED);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Content</h2>
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void generate();
          }}
        >
          <div>
            <label htmlFor="qr-text" className={ui.label}>
              Text or URL
            </label>
            <textarea
              id="qr-text"
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={4}
              spellCheck={false}
              autoComplete="off"
              placeholder="https://example.com or any text"
              className={ui.input}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="qr-size" className={ui.label}>
                Size (pixels)
              </label>
              <input
                id="qr-size"
                type="number"
                inputMode="numeric"
                min={QR_SIZE.min}
                max={QR_SIZE.max}
                step={1}
                value={sizeInput}
                onChange={(event) => {
                  setSizeInput(event.target.value);
                  setSizeNote(undefined);
                }}
                onBlur={settleSize}
                aria-describedby={sizeHintId}
                className={ui.input}
              />
              <p id={sizeHintId} className={`mt-1 ${ui.muted}`} aria-live="polite">
                {sizeNote ?? `From ${QR_SIZE.min} to ${QR_SIZE.max} pixels.`}
              </p>
            </div>
            <div>
              <label htmlFor="qr-level" className={ui.label}>
                Error correction
              </label>
              <select
                id="qr-level"
                value={level}
                onChange={(event) => {
                  if (isErrorCorrectionLevel(event.target.value)) setLevel(event.target.value);
                }}
                className={ui.input}
              >
                {ERROR_CORRECTION_LEVELS.map((value) => (
                  <option key={value} value={value}>
                    {LEVEL_LABELS[value]}
                  </option>
                ))}
              </select>
              <p className={`mt-1 ${ui.muted}`}>Higher levels survive damage but need a bigger code.</p>
            </div>
          </div>
          <button type="submit" className={ui.button} disabled={running}>
            <QrCode aria-hidden="true" className="size-4" />
            Generate QR Code
          </button>
        </form>
      </Card>

      <p role="status" className="sr-only">
        {result ? `QR code ready: version ${result.qr.version}, ${result.size} by ${result.size} pixels.` : ''}
      </p>
      {result ? (
        <Card>
          <h2 className={ui.subheading}>Your QR code</h2>
          <div className="mt-4 flex flex-col items-start gap-4 sm:flex-row">
            {pngUrl ? (
              <img
                src={pngUrl}
                width={result.size}
                height={result.size}
                alt={qrAltText(result.qr.text)}
                className="h-auto max-w-full rounded-lg border border-slate-200 [image-rendering:pixelated] dark:border-slate-700"
              />
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
              <dt className="font-medium">Size</dt>
              <dd>
                {result.size} × {result.size} px
              </dd>
              <dt className="font-medium">Version</dt>
              <dd>
                {result.qr.version} ({result.qr.moduleCount} × {result.qr.moduleCount} modules)
              </dd>
              <dt className="font-medium">Error correction</dt>
              <dd>{LEVEL_LABELS[result.qr.level]}</dd>
              <dt className="font-medium">Module</dt>
              <dd>
                {result.scale} px{result.scale < 2 ? ' — small; choose a larger size for printing' : ''}
              </dd>
            </dl>
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className={ui.button}
              onClick={() => {
                downloadBlob(result.pngBlob, 'qrcode.png');
                toast.success(DOWNLOADED);
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              Download PNG
            </button>
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() => {
                downloadText(result.svg, 'qrcode.svg', 'image/svg+xml');
                toast.success(DOWNLOADED);
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              Download SVG
            </button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

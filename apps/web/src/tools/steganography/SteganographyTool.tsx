import { Download, EyeOff, Info, ScanSearch } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { downloadBlob } from '../../lib/download';
import { formatBytes } from '../../lib/image-file';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { useObjectUrl } from '../../lib/use-object-url';
import {
  EXTRACT_REQUIRED,
  HIDE_REQUIRED,
  NO_MESSAGE_FOUND,
  stegoFileName,
  tooLongMessage,
  utf8Length,
} from './steganography.service';
import type { HiddenImage, ImageInfo } from './steganography.protocol';
import { runStegoWorker } from './steganography.client';
import { formatCount } from '../../lib/format';

/** Toast texts. */
const HIDDEN_TOAST = 'Success: Message hidden in image successfully';
const EXTRACTED_TOAST = 'Message extracted from image';
const PROCESSING_FAILED = 'Error processing image';

const TABS = [
  { id: 'hide', label: 'Hide Message' },
  { id: 'extract', label: 'Extract Message' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const count = (value: number) => formatCount(value);

export default function SteganographyTool() {
  const [tab, setTab] = useState<TabId>('hide');
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ hide: null, extract: null });
  const baseId = useId();
  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;

  // Arrow keys move between tabs and select them (WAI-ARIA tabs, automatic activation).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((item) => item.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    setTab(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <div className="space-y-6">
      <p
        role="note"
        className="flex gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This is real least-significant-bit (LSB) steganography: the message is written into the lowest bit of the red,
          green and blue values of the image&apos;s pixels, in your browser. Keep the result as the PNG it is downloaded
          as — re-saving it as JPEG, resizing or editing it destroys the message. Hiding is not encryption: anyone who
          looks for LSB data can read it, so encrypt a sensitive message first with the{' '}
          <Link to="/text-encryptor" className="font-semibold underline underline-offset-2">
            Text Encryptor
          </Link>
          .
        </span>
      </p>
      <Card>
        <div
          role="tablist"
          aria-label="Steganography mode"
          className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {TABS.map((item) => {
            const selected = tab === item.id;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  tabRefs.current[item.id] = element;
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={selected}
                aria-controls={panelId(item.id)}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(item.id)}
                onKeyDown={onTabKeyDown}
                className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
                  selected
                    ? 'bg-white text-indigo-700 shadow-sm dark:bg-slate-950 dark:text-indigo-300'
                    : 'text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white'
                }`}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {TABS.map((item) => (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={tab !== item.id}
            className="mt-5"
          >
            {/* Both panels stay mounted, so switching tabs keeps each one's image and result. */}
            {item.id === 'hide' ? <HidePanel /> : <ExtractPanel />}
          </div>
        ))}
      </Card>
    </div>
  );
}

type Inspection = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; info: ImageInfo } | { state: 'failed' };

function HidePanel() {
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState('');
  const [inspection, setInspection] = useState<Inspection>({ state: 'idle' });
  const [result, setResult] = useState<(HiddenImage & { fileName: string }) | null>(null);
  const resultUrl = useObjectUrl(result?.png);
  const { running, run, cancel } = useCancellableRun();
  const inspecting = useCancellableRun();

  const messageBytes = utf8Length(message);
  const capacity = inspection.state === 'ready' ? inspection.info.capacityBytes : undefined;
  const tooLong = capacity !== undefined && messageBytes > capacity;

  const chooseFile = (next: File | null) => {
    cancel();
    inspecting.cancel();
    setFile(next);
    setResult(null);
    if (!next) {
      setInspection({ state: 'idle' });
      return;
    }
    // Capacity of the chosen image, worked out off the main thread as soon as it is chosen.
    setInspection({ state: 'loading' });
    void inspecting
      .run(async (signal) => {
        const inspected = await runStegoWorker({ type: 'inspect', file: next }, { signal });
        if (inspected.ok) setInspection({ state: 'ready', info: inspected.value });
        else {
          setInspection({ state: 'failed' });
          toast.error(inspected.error);
        }
      })
      .catch(() => {
        setInspection({ state: 'failed' });
        toast.error(PROCESSING_FAILED);
      });
  };

  const hide = async () => {
    if (!file || message.length === 0) {
      toast.error(HIDE_REQUIRED);
      return;
    }
    if (tooLong) {
      toast.error(tooLongMessage(messageBytes, capacity ?? 0));
      return;
    }
    setResult(null);
    await run(async (signal) => {
      const hidden = await runStegoWorker({ type: 'hide', file, message }, { signal });
      if (hidden.ok) {
        setResult({ ...hidden.value, fileName: stegoFileName(file.name) });
        toast.success(HIDDEN_TOAST);
      } else {
        toast.error(hidden.error);
      }
    }).catch(() => toast.error(PROCESSING_FAILED));
  };

  return (
    <div className="space-y-5">
      <h2 className={ui.subheading}>Hide a message in an image</h2>
      <ImageUpload file={file} onFileChange={chooseFile} label="Choose the cover image" disabled={running} />
      <p className={ui.muted} aria-live="polite">
        {inspection.state === 'loading'
          ? 'Measuring capacity…'
          : inspection.state === 'ready'
            ? `${count(inspection.info.width)} × ${count(inspection.info.height)} px · capacity ${count(inspection.info.capacityBytes)} bytes`
            : ''}
      </p>
      <div>
        <label htmlFor="stego-message" className={ui.label}>
          Secret message
        </label>
        <textarea
          id="stego-message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={5}
          spellCheck={false}
          autoComplete="off"
          placeholder="The message to hide"
          aria-describedby="stego-message-size stego-message-error"
          aria-invalid={tooLong}
          className={ui.input}
        />
        <p id="stego-message-size" className={`mt-1 ${ui.muted}`}>
          {count(messageBytes)} {messageBytes === 1 ? 'byte' : 'bytes'} (UTF-8)
          {capacity !== undefined ? ` of ${count(capacity)} available` : ''}
        </p>
        <p id="stego-message-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {tooLong ? tooLongMessage(messageBytes, capacity ?? 0) : ''}
        </p>
      </div>
      <button type="button" className={ui.button} onClick={() => void hide()} disabled={running}>
        <EyeOff aria-hidden="true" className="size-4" />
        {running ? 'Processing...' : 'Hide Message'}
      </button>
      <p role="status" className="sr-only">
        {result ? `Message hidden: ${count(result.messageBytes)} bytes. The PNG is ready to download.` : ''}
      </p>
      {result ? (
        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Image with hidden message</h3>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
            {resultUrl ? (
              <img
                src={resultUrl}
                alt="Result with the hidden message (looks the same as the original)"
                className="max-h-48 max-w-full rounded-lg border border-slate-200 object-contain sm:max-w-[50%] dark:border-slate-700"
              />
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
              <dt className="font-medium">File</dt>
              <dd className="[overflow-wrap:anywhere]">{result.fileName}</dd>
              <dt className="font-medium">Size</dt>
              <dd>{formatBytes(result.png.size)}</dd>
              <dt className="font-medium">Message</dt>
              <dd>
                {count(result.messageBytes)} of {count(result.capacityBytes)} bytes used
              </dd>
            </dl>
          </div>
          <button
            type="button"
            className={`mt-4 ${ui.button}`}
            onClick={() => {
              downloadBlob(result.png, result.fileName);
              toast.success('Image downloaded successfully!');
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            Download PNG
          </button>
        </div>
      ) : null}
    </div>
  );
}

type Extraction = { found: true; message: string } | { found: false };

function ExtractPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<Extraction | null>(null);
  const { running, run, cancel } = useCancellableRun();

  const chooseFile = (next: File | null) => {
    cancel();
    setFile(next);
    setResult(null);
  };

  const extract = async () => {
    if (!file) {
      toast.error(EXTRACT_REQUIRED);
      return;
    }
    setResult(null);
    await run(async (signal) => {
      const extracted = await runStegoWorker({ type: 'extract', file }, { signal });
      if (extracted.ok) {
        setResult({ found: true, message: extracted.value });
        toast.success(EXTRACTED_TOAST);
      } else if (extracted.error === NO_MESSAGE_FOUND) {
        setResult({ found: false });
      } else {
        toast.error(extracted.error);
      }
    }).catch(() => toast.error(PROCESSING_FAILED));
  };

  return (
    <div className="space-y-5">
      <h2 className={ui.subheading}>Extract a hidden message</h2>
      <ImageUpload
        file={file}
        onFileChange={chooseFile}
        label="Choose the image that holds the message"
        disabled={running}
      />
      <button type="button" className={ui.button} onClick={() => void extract()} disabled={running}>
        <ScanSearch aria-hidden="true" className="size-4" />
        {running ? 'Processing...' : 'Extract Message'}
      </button>
      <p role="status" className="sr-only">
        {result ? (result.found ? 'A hidden message was found.' : NO_MESSAGE_FOUND) : ''}
      </p>
      {result?.found ? (
        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="font-semibold text-slate-900 dark:text-white">
              <label htmlFor="stego-extracted">Hidden message</label>
            </h3>
            <CopyButton text={result.message} description="Output copied to clipboard" />
          </div>
          <textarea
            id="stego-extracted"
            value={result.message}
            readOnly
            rows={5}
            spellCheck={false}
            className={`mt-3 ${ui.input}`}
          />
        </div>
      ) : null}
      {result && !result.found ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <h3 className="font-semibold">{NO_MESSAGE_FOUND}</h3>
          <p className="mt-1">
            This image holds no message hidden by this tool — or it was re-saved as JPEG, resized or edited after the
            message was hidden, which wipes the lowest bits.
          </p>
        </div>
      ) : null}
    </div>
  );
}

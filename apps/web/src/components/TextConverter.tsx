import type { LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import type { Result } from '../lib/result';
import { Card } from './Page';
import { TextOutputCard } from './TextOutputCard';
import { ui } from './ui';

/** One button of a TextConverter, e.g. Encode. */
export interface TextConversion {
  /** The button's name, e.g. "URL Encode". */
  label: string;
  icon: LucideIcon;
  /** What the output announcement says was done, e.g. "Encoded". */
  done: string;
  /** Bad input comes back as an error, which is toasted. May be async (WebCrypto). */
  convert: (text: string) => Result<string> | Promise<Result<string>>;
}

interface TextConverterProps {
  /** Prefix of the ids: `<id>-input`, `<id>-hint`, `<id>-output`. */
  id: string;
  label: string;
  placeholder: string;
  rows: number;
  /** Help under the input, as `<id>-hint`. */
  hint?: ReactNode;
  /** Monospaced input, for encoded text. */
  monospace?: boolean;
  /** Controls shown between the input and the buttons, e.g. an algorithm choice. */
  children?: ReactNode;
  conversions: readonly TextConversion[];
  /** More cards after the output, given the current input (e.g. a cipher breaker). */
  after?: (input: string) => ReactNode;
}

/**
 * The text tools' screen: an "Input" card with a text area and one button per conversion, and
 * the Output card once a conversion succeeded. A failed conversion toasts its error and hides the
 * previous output, so a stale result never sits under new input. Buttons are disabled while the
 * input is empty.
 */
export function TextConverter({
  id,
  label,
  placeholder,
  rows,
  hint,
  monospace = false,
  children,
  conversions,
  after,
}: TextConverterProps) {
  const [input, setInput] = useState('');
  const [output, setOutput] = useState<{ text: string; done: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // An async conversion that finishes after the input changed, or after a newer one started, is dropped.
  const latest = useRef(0);

  const show = (result: Result<string>, done: string) => {
    if (result.ok) {
      setOutput({ text: result.value, done });
    } else {
      setOutput(null);
      toast.error(result.error);
    }
  };

  const run = async ({ convert, done }: TextConversion) => {
    const ticket = ++latest.current;
    const pending = convert(input);
    if (!(pending instanceof Promise)) {
      show(pending, done);
      return;
    }
    setBusy(true);
    try {
      const result = await pending;
      if (ticket === latest.current) show(result, done);
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  };

  const empty = input.length === 0;
  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Input</h2>
        <label htmlFor={`${id}-input`} className={`mt-4 ${ui.label}`}>
          {label}
        </label>
        <textarea
          id={`${id}-input`}
          value={input}
          onChange={(event) => {
            latest.current += 1;
            setBusy(false);
            setInput(event.target.value);
          }}
          rows={rows}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hint ? `${id}-hint` : undefined}
          placeholder={placeholder}
          className={monospace ? `${ui.input} font-mono` : ui.input}
        />
        {hint ? (
          <p id={`${id}-hint`} className={`mt-2 ${ui.muted}`}>
            {hint}
          </p>
        ) : null}
        {children}
        <div className="mt-4 flex flex-wrap gap-3">
          {conversions.map((conversion) => {
            const Icon = conversion.icon;
            return (
              <button
                key={conversion.label}
                type="button"
                className={ui.button}
                disabled={empty || busy}
                onClick={() => void run(conversion)}
              >
                <Icon aria-hidden="true" className="size-4" />
                {conversion.label}
              </button>
            );
          })}
        </div>
      </Card>

      {output ? <TextOutputCard id={`${id}-output`} text={output.text} action={output.done} rows={rows} /> : null}
      {after?.(input)}
    </div>
  );
}

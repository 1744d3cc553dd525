import { CopyButton } from './CopyButton';
import { Card } from './Page';
import { ui } from './ui';

interface TextOutputCardProps {
  id: string;
  text: string;
  /** Screen-reader summary of what just happened, e.g. "Encoded". */
  action: string;
  rows?: number;
  copyDescription?: string;
}

/** The read-only "Output" card of the text tools, with a copy button and a polite announcement. */
export function TextOutputCard({
  id,
  text,
  action,
  rows = 6,
  copyDescription = 'Output copied to clipboard',
}: TextOutputCardProps) {
  return (
    <>
      <p role="status" className="sr-only">
        {`${action}: the output has ${Array.from(text).length} characters.`}
      </p>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className={ui.subheading}>
            <label htmlFor={id}>Output</label>
          </h2>
          <CopyButton text={text} description={copyDescription} />
        </div>
        <textarea
          id={id}
          value={text}
          readOnly
          rows={rows}
          spellCheck={false}
          className={`mt-4 ${ui.input} font-mono break-all`}
        />
      </Card>
    </>
  );
}

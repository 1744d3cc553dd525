import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { TextOutputCard } from '../../components/TextOutputCard';
import { ui } from '../../components/ui';
import type { Result } from '../../lib/result';
import { urlDecode, urlEncode } from './url-encoder.service';

type Action = 'Encoded' | 'Decoded';

export default function UrlEncoderTool() {
  const [input, setInput] = useState('');
  const [output, setOutput] = useState<{ text: string; action: Action } | null>(null);

  const run = (action: Action, convert: (text: string) => Result<string>) => {
    const result = convert(input);
    if (result.ok) {
      setOutput({ text: result.value, action });
    } else {
      setOutput(null);
      toast.error(result.error);
    }
  };

  const empty = input.length === 0;
  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Input</h2>
        <label htmlFor="url-input" className={`mt-4 ${ui.label}`}>
          Text or encoded URL
        </label>
        <textarea
          id="url-input"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          rows={5}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="url-hint"
          placeholder="https://example.com/search?q=hello world"
          className={`${ui.input} font-mono`}
        />
        <p id="url-hint" className={`mt-2 ${ui.muted}`}>
          Encodes like <code>encodeURIComponent</code>: everything except letters, digits and{' '}
          <code>- _ . ! ~ * &apos; ( )</code> becomes UTF-8 <code>%XX</code>, so the result is safe as a query value or
          path segment. Decoding keeps <code>+</code> as a plus sign.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('Encoded', urlEncode)}>
            <ArrowUpFromLine aria-hidden="true" className="size-4" />
            URL Encode
          </button>
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('Decoded', urlDecode)}>
            <ArrowDownToLine aria-hidden="true" className="size-4" />
            URL Decode
          </button>
        </div>
      </Card>

      {output ? <TextOutputCard id="url-output" text={output.text} action={output.action} rows={5} /> : null}
    </div>
  );
}

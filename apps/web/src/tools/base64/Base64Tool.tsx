import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { TextOutputCard } from '../../components/TextOutputCard';
import { ui } from '../../components/ui';
import type { Result } from '../../lib/result';
import { decodeBase64, encodeBase64 } from './base64.service';

type Action = 'Encoded' | 'Decoded';

export default function Base64Tool() {
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
        <label htmlFor="base64-input" className={`mt-4 ${ui.label}`}>
          Text or Base64
        </label>
        <textarea
          id="base64-input"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          rows={6}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="base64-hint"
          placeholder="Type text to encode, or paste Base64 to decode"
          className={`${ui.input} font-mono`}
        />
        <p id="base64-hint" className={`mt-2 ${ui.muted}`}>
          Text is encoded as UTF-8, so accents and emoji come back intact. Decoding ignores spaces and line breaks and
          also accepts the URL-safe alphabet (<code>-</code> and <code>_</code>) with or without <code>=</code> padding.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('Encoded', encodeBase64)}>
            <ArrowUpFromLine aria-hidden="true" className="size-4" />
            Encode
          </button>
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('Decoded', decodeBase64)}>
            <ArrowDownToLine aria-hidden="true" className="size-4" />
            Decode
          </button>
        </div>
      </Card>

      {output ? <TextOutputCard id="base64-output" text={output.text} action={output.action} rows={6} /> : null}
    </div>
  );
}

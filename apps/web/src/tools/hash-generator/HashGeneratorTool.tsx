import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { SelectField, TextField, type SelectOption } from '../../components/FormField';
import { ui } from '../../components/ui';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { urlField } from '../../lib/url-state';
import { useUrlState } from '../../lib/use-url-state';
import {
  ALGORITHM_LABELS,
  HASH_ALGORITHMS,
  isHashAlgorithm,
  isHmacAlgorithm,
  type HashAlgorithm,
  type HmacKey,
  type KeyFormat,
} from './hash.protocol';
import { runHashWorker } from './hash.client';
import { Checkbox, Digest, VerdictLine } from './hash-results';
import { algorithmForLength, parseExpected, verify } from './hash-verify';
import { FileCard } from './hash-file-card';

type TextResult = { algorithm: HashAlgorithm; hex: string; hmac: boolean };

const KEY_FORMATS: readonly SelectOption<KeyFormat>[] = [
  { value: 'text', label: 'Text (UTF-8)' },
  { value: 'hex', label: 'Hex' },
];

/** The settings a shared address carries; the text, the key and the files never go there. */
const HASH_URL = {
  algorithm: urlField.choice(HASH_ALGORITHMS, 'md5'),
  hmac: urlField.flag(false),
  keyFormat: urlField.choice(['text', 'hex'], 'text'),
  all: urlField.flag(false),
};

export default function HashGeneratorTool({ runWorker = runHashWorker }: { runWorker?: typeof runHashWorker }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [settings, update] = useUrlState(HASH_URL);
  const { algorithm, hmac, keyFormat, all: allFour } = settings;
  // Until the user picks an algorithm (or opens a link that names one), a pasted expected hash
  // picks it by its length.
  const [algorithmChosen, setAlgorithmChosen] = useState(algorithm !== 'md5');
  const [key, setKey] = useState('');
  const [expectedText, setExpectedText] = useState('');
  const [result, setResult] = useState<TextResult | null>(null);
  const textRun = useCancellableRun();
  const hashing = textRun.running;

  const setAllFour = (value: boolean) => update({ all: value });

  const invalidateText = () => {
    textRun.cancel();
    setResult(null);
  };

  const pickAlgorithmFrom = (expected: string) => {
    if (algorithmChosen) return;
    const parsed = parseExpected(expected);
    const first = parsed.ok ? parsed.value[0] : undefined;
    const guessed = first ? algorithmForLength(first.hex.length) : undefined;
    if (guessed && guessed !== algorithm) {
      update({ algorithm: guessed }, 'replace');
      invalidateText();
    }
  };

  const onGenerate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text === '' || hashing) return;
    const hmacKey: HmacKey | undefined = hmac ? { format: keyFormat, value: key } : undefined;
    await textRun
      .run(async (signal) => {
        const outcome = await runWorker({ type: 'text', text, algorithm, ...(hmacKey ? { hmacKey } : {}) }, { signal });
        const hex = outcome.ok ? outcome.value[algorithm] : undefined;
        if (hex !== undefined) setResult({ algorithm, hex, hmac });
        else toast.error(outcome.ok ? 'Hashing failed' : outcome.error);
      })
      .catch((error: unknown) => toast.error('Hashing failed', { description: String(error) }));
  };

  const textId = `${ids}-text`;
  const algorithmId = `${ids}-algorithm`;
  const expectedTextId = `${ids}-expected-text`;

  const parsedText = parseExpected(expectedText);
  const textVerdict =
    result && parsedText.ok ? verify(parsedText.value, { [result.algorithm]: result.hex }) : undefined;
  const hmacUnavailable = hmac && !isHmacAlgorithm(algorithm);
  const resultLabel = (value: TextResult) =>
    value.hmac ? `HMAC-${ALGORITHM_LABELS[value.algorithm]}` : `${ALGORITHM_LABELS[value.algorithm]} hash`;

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Text</h2>
        <form className="mt-4 space-y-4" onSubmit={onGenerate}>
          <div>
            <label htmlFor={textId} className={ui.label}>
              Input Text
            </label>
            <textarea
              id={textId}
              value={text}
              rows={5}
              placeholder="Enter text to hash..."
              onChange={(event) => {
                setText(event.target.value);
                invalidateText();
              }}
              className={ui.input}
            />
          </div>
          <Checkbox
            id={`${ids}-hmac`}
            checked={hmac}
            onChange={(checked) => {
              update({ hmac: checked });
              invalidateText();
            }}
          >
            HMAC with a secret key
          </Checkbox>
          {hmac ? (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <div className="flex-1">
                <TextField
                  id={`${ids}-key`}
                  label="HMAC key"
                  value={key}
                  onValueChange={(value) => {
                    setKey(value);
                    invalidateText();
                  }}
                />
              </div>
              <div className="sm:w-40">
                <SelectField
                  id={`${ids}-key-format`}
                  label="Key format"
                  value={keyFormat}
                  options={KEY_FORMATS}
                  onValueChange={(value) => {
                    update({ keyFormat: value });
                    invalidateText();
                  }}
                />
              </div>
            </div>
          ) : null}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <div className="sm:w-56">
              <label htmlFor={algorithmId} className={ui.label}>
                Algorithm
              </label>
              <select
                id={algorithmId}
                value={algorithm}
                onChange={(event) => {
                  if (isHashAlgorithm(event.target.value)) update({ algorithm: event.target.value });
                  setAlgorithmChosen(true);
                  invalidateText();
                }}
                className={ui.input}
              >
                {HASH_ALGORITHMS.map((value) => (
                  <option key={value} value={value}>
                    {ALGORITHM_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={ui.button} disabled={text === '' || hashing || hmacUnavailable}>
              {hashing ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              Generate Hash
            </button>
          </div>
          {hmacUnavailable ? (
            <p className={ui.muted}>
              HMAC is not defined for BLAKE3 (it has its own keyed mode); choose another algorithm.
            </p>
          ) : null}
          <TextField
            id={expectedTextId}
            label="Expected hash (optional)"
            value={expectedText}
            placeholder="Paste a hash to compare with"
            error={parsedText.ok ? null : parsedText.error}
            onValueChange={(value) => {
              setExpectedText(value);
              pickAlgorithmFrom(value);
            }}
          />
        </form>
        <div role="status" className="sr-only">
          {result ? `${resultLabel(result)} generated` : ''}
        </div>
        {result ? (
          <div className="mt-6 space-y-3">
            <Digest id={`${ids}-result`} label={resultLabel(result)} hex={result.hex} />
            <VerdictLine verdict={textVerdict} subject="the text" />
          </div>
        ) : null}
      </Card>

      <FileCard
        ids={ids}
        algorithm={algorithm}
        allFour={allFour}
        setAllFour={setAllFour}
        pickAlgorithmFrom={pickAlgorithmFrom}
        runWorker={runWorker}
      />
    </div>
  );
}

import { Search } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { Result } from '../../lib/result';
import {
  MIN_VIGENERE_LETTERS,
  findVigenereKey,
  rankCaesarShifts,
  type CaesarCandidate,
  type VigenereGuess,
} from './cipher-breaker';

type Analysis =
  | { kind: 'caesar'; input: string; result: Result<CaesarCandidate[]> }
  | { kind: 'vigenere'; input: string; result: Result<VigenereGuess> };

/** Decryptions in the list are cut here; the best one is also shown whole. */
const PREVIEW_CHARACTERS = 160;

const preview = (text: string) => {
  const characters = Array.from(text);
  return characters.length > PREVIEW_CHARACTERS ? `${characters.slice(0, PREVIEW_CHARACTERS).join('')}…` : text;
};

/**
 * "Try all shifts" for Caesar and "Find the key" for Vigenère, on the text in
 * the input box. An analysis belongs to the text it was run on: editing the
 * text hides it.
 */
export function CipherBreaker({ kind, input }: { kind: 'caesar' | 'vigenere'; input: string }) {
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const current = analysis && analysis.kind === kind && analysis.input === input ? analysis : null;

  const analyse = () =>
    setAnalysis(
      kind === 'caesar'
        ? { kind, input, result: rankCaesarShifts(input) }
        : { kind, input, result: findVigenereKey(input) },
    );

  return (
    <Card>
      <h2 className={ui.subheading}>Break the cipher</h2>
      <p className={`mt-1 ${ui.muted}`}>
        {kind === 'caesar'
          ? 'Decrypts the text with all 26 shifts and ranks them by how closely their letter frequencies match English (chi-squared), best first.'
          : `Estimates the key length from the index of coincidence and each key letter from English letter frequencies. Needs at least ${MIN_VIGENERE_LETTERS} letters of English.`}
      </p>
      <button type="button" className={`mt-4 ${ui.buttonSecondary}`} disabled={input === ''} onClick={analyse}>
        <Search aria-hidden="true" className="size-4" />
        {kind === 'caesar' ? 'Try all shifts' : 'Find the key'}
      </button>

      <div role="status" className="mt-4">
        {current && !current.result.ok ? (
          <p className="text-sm text-slate-800 dark:text-slate-200">{current.result.error}</p>
        ) : null}
        {current?.kind === 'vigenere' && current.result.ok ? (
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Most likely key: <strong className="font-mono">{current.result.value.key}</strong> (
            {current.result.value.key.length} {current.result.value.key.length === 1 ? 'letter' : 'letters'})
          </p>
        ) : null}
        {current?.kind === 'caesar' && current.result.ok ? (
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Most likely shift: <strong>{current.result.value[0]!.shift}</strong>
          </p>
        ) : null}
      </div>

      {current?.kind === 'vigenere' && current.result.ok ? (
        <BestDecryption text={current.result.value.plaintext} />
      ) : null}
      {current?.kind === 'caesar' && current.result.ok ? (
        <>
          <BestDecryption text={current.result.value[0]!.plaintext} />
          <ol aria-label="All shifts, best first" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {current.result.value.map((candidate, rank) => (
              <li key={candidate.shift} className="flex gap-3 py-2 text-sm">
                <span className="w-20 shrink-0 font-semibold text-slate-900 tabular-nums dark:text-white">
                  {rank + 1}. Shift {candidate.shift}
                </span>
                <span className="min-w-0 flex-1 font-mono break-words text-slate-700 dark:text-slate-300">
                  {preview(candidate.plaintext)}
                </span>
                <span className={`shrink-0 tabular-nums ${ui.muted}`}>χ² {candidate.score.toFixed(1)}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Card>
  );
}

function BestDecryption({ text }: { text: string }) {
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor="encryptor-best-decryption" className={ui.label}>
          Best decryption
        </label>
        <CopyButton text={text} description="Decryption copied to clipboard" />
      </div>
      <textarea
        id="encryptor-best-decryption"
        value={text}
        readOnly
        rows={5}
        spellCheck={false}
        className={`mt-2 ${ui.input} font-mono`}
      />
    </div>
  );
}

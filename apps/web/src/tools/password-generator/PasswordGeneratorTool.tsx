import { RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import {
  CHARACTER_CLASSES,
  CHARACTER_SETS,
  PASSWORD_LENGTH,
  cryptoRandomValues,
  entropyBits,
  generatePassword,
  passwordStrength,
  type CharacterClass,
  type RandomValues,
  type Strength,
} from './password-generator.service';

const CLASS_LABELS: Record<CharacterClass, string> = {
  uppercase: 'Uppercase (A-Z)',
  lowercase: 'Lowercase (a-z)',
  numbers: 'Numbers (0-9)',
  symbols: `Symbols (${CHARACTER_SETS.symbols})`,
};

const STRENGTH_STYLES: Record<Strength, string> = {
  Weak: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  Medium: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  Strong: 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
};

interface Generated {
  password: string;
  strength: Strength;
  bits: number;
}

export default function PasswordGeneratorTool({ randomValues = cryptoRandomValues }: { randomValues?: RandomValues }) {
  const ids = useId();
  const [length, setLength] = useState<number>(PASSWORD_LENGTH.default);
  const [selected, setSelected] = useState<Record<CharacterClass, boolean>>({
    uppercase: true,
    lowercase: true,
    numbers: true,
    symbols: true,
  });
  const [generated, setGenerated] = useState<Generated | null>(null);

  const classes = CHARACTER_CLASSES.filter((name) => selected[name]);
  const noClass = classes.length === 0;

  const onGenerate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec 000 §5: with no class selected, nothing is generated.
    if (noClass) return;
    const result = generatePassword({ length, classes, randomValues });
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    setGenerated({
      password: result.value,
      strength: passwordStrength(result.value.length),
      bits: entropyBits({ length: result.value.length, classes }),
    });
  };

  const lengthId = `${ids}-length`;
  const noClassId = `${ids}-no-class`;
  const resultId = `${ids}-result`;

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Options</h2>
        <form className="mt-4 space-y-5" onSubmit={onGenerate}>
          <div>
            <label htmlFor={lengthId} className={ui.label}>
              Password Length: <span className="tabular-nums">{length}</span>
            </label>
            <input
              id={lengthId}
              type="range"
              min={PASSWORD_LENGTH.min}
              max={PASSWORD_LENGTH.max}
              step={1}
              value={length}
              onChange={(event) => setLength(Number(event.target.value))}
              className="w-full accent-indigo-600 dark:accent-indigo-400"
            />
            <div className={`flex justify-between ${ui.muted}`} aria-hidden="true">
              <span>{PASSWORD_LENGTH.min}</span>
              <span>{PASSWORD_LENGTH.max}</span>
            </div>
          </div>

          <fieldset>
            <legend className={ui.label}>Character types</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {CHARACTER_CLASSES.map((name) => (
                <div key={name} className="flex items-center gap-2">
                  <input
                    id={`${ids}-${name}`}
                    type="checkbox"
                    checked={selected[name]}
                    onChange={(event) => setSelected((current) => ({ ...current, [name]: event.target.checked }))}
                    className="size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400"
                  />
                  <label htmlFor={`${ids}-${name}`} className="text-sm break-all text-slate-800 dark:text-slate-200">
                    {CLASS_LABELS[name]}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>

          <div aria-live="polite">
            {noClass ? (
              <p id={noClassId} className="text-sm text-red-700 dark:text-red-400">
                Select at least one character type to generate a password.
              </p>
            ) : null}
          </div>

          <button
            type="submit"
            className={ui.button}
            disabled={noClass}
            aria-describedby={noClass ? noClassId : undefined}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Generate Password
          </button>
        </form>
      </Card>

      <div role="status" className="sr-only">
        {generated
          ? `Password generated: ${generated.password.length} characters, ${generated.strength}, ${generated.bits.toFixed(1)} bits of entropy`
          : ''}
      </div>

      {generated ? (
        <Card>
          <h2 className={ui.subheading}>Generated Password</h2>
          <div className="mt-4">
            <label htmlFor={resultId} className={ui.label}>
              Password
            </label>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <input
                id={resultId}
                type="text"
                readOnly
                value={generated.password}
                spellCheck={false}
                autoComplete="off"
                className={`${ui.input} font-mono`}
              />
              <CopyButton text={generated.password} description="Password copied to clipboard" />
            </div>
          </div>
          <dl className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="text-slate-700 dark:text-slate-300">Strength:</dt>
              <dd className={`rounded-full border px-2.5 py-0.5 font-semibold ${STRENGTH_STYLES[generated.strength]}`}>
                {generated.strength}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-700 dark:text-slate-300">Entropy:</dt>
              <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                {generated.bits.toFixed(1)} bits
              </dd>
            </div>
          </dl>
        </Card>
      ) : null}
    </div>
  );
}

import { RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { SelectField, TextField, type SelectOption } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { urlField } from '../../lib/url-state';
import { useUrlState } from '../../lib/use-url-state';
import { EFF_LARGE_WORDLIST } from './eff-wordlist';
import {
  CAPITALISATIONS,
  PASSPHRASE_WORDS,
  SEPARATORS,
  generatePassphrase,
  passphraseBits,
  type Capitalisation,
  type Separator,
} from './passphrase.service';
import { StrengthDetails, loadZxcvbn, useEstimate, useEstimator, type LoadEstimator } from './StrengthDetails';
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
import { formatCount } from '../../lib/format';

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

type Mode = 'characters' | 'passphrase';

const MODE_OPTIONS: readonly SelectOption<Mode>[] = [
  { value: 'characters', label: 'Characters' },
  { value: 'passphrase', label: 'Passphrase (EFF word list)' },
];

const SEPARATOR_OPTIONS: readonly SelectOption<Separator>[] = [
  { value: 'hyphen', label: 'Hyphen (-)' },
  { value: 'space', label: 'Space' },
  { value: 'period', label: 'Period (.)' },
  { value: 'underscore', label: 'Underscore (_)' },
  { value: 'none', label: 'None' },
];

const CAPITALISATION_LABELS: Record<Capitalisation, string> = {
  lower: 'lower case',
  first: 'Capitalised Words',
  upper: 'UPPER CASE',
};
const CAPITALISATION_OPTIONS = CAPITALISATIONS.map((value) => ({ value, label: CAPITALISATION_LABELS[value] }));

/** A labelled whole-number slider whose label shows the value, e.g. "Password Length: 12". */
function Slider({
  id,
  label,
  range,
  value,
  onChange,
  showEnds = false,
}: {
  id: string;
  label: string;
  range: { min: number; max: number };
  value: number;
  onChange: (value: number) => void;
  showEnds?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}: <span className="tabular-nums">{value}</span>
      </label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-indigo-600 dark:accent-indigo-400"
      />
      {showEnds ? (
        <div className={`flex justify-between ${ui.muted}`} aria-hidden="true">
          <span>{range.min}</span>
          <span>{range.max}</span>
        </div>
      ) : null}
    </div>
  );
}

interface Generated {
  password: string;
  mode: Mode;
  /** The original design's length-based label; only for character passwords. */
  strength?: Strength;
  bits: number;
}

/** The options a shared address carries; a generated or checked password never goes there. */
const PASSWORD_URL = {
  mode: urlField.choice(['characters', 'passphrase'], 'characters'),
  length: urlField.integer({ min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max, fallback: PASSWORD_LENGTH.default }),
  uppercase: urlField.flag(true),
  lowercase: urlField.flag(true),
  numbers: urlField.flag(true),
  symbols: urlField.flag(true),
  words: urlField.integer({ min: PASSPHRASE_WORDS.min, max: PASSPHRASE_WORDS.max, fallback: PASSPHRASE_WORDS.default }),
  separator: urlField.choice(Object.keys(SEPARATORS) as Separator[], 'hyphen'),
  case: urlField.choice(CAPITALISATIONS, 'lower'),
};

export default function PasswordGeneratorTool({
  randomValues = cryptoRandomValues,
  loadEstimator = loadZxcvbn,
}: {
  randomValues?: RandomValues;
  loadEstimator?: LoadEstimator;
}) {
  const ids = useId();
  const [settings, update] = useUrlState(PASSWORD_URL);
  const { mode, words, separator, length, case: capitalisation } = settings;
  const selected: Record<CharacterClass, boolean> = settings;
  const setMode = (value: Mode) => update({ mode: value });
  const setWords = (value: number) => update({ words: value }, 'replace');
  const setSeparator = (value: Separator) => update({ separator: value });
  const setCapitalisation = (value: Capitalisation) => update({ case: value });
  const setLength = (value: number) => update({ length: value }, 'replace');
  const [checked, setChecked] = useState('');
  const [showChecked, setShowChecked] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);

  const estimator = useEstimator(loadEstimator, generated !== null || checked !== '');
  const generatedEstimate = useEstimate(estimator, generated?.password ?? '');
  const checkedEstimate = useEstimate(estimator, checked);

  const classes = CHARACTER_CLASSES.filter((name) => selected[name]);
  const noClass = mode === 'characters' && classes.length === 0;

  const onGenerate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'passphrase') {
      const result = generatePassphrase({
        words,
        separator,
        capitalisation,
        wordList: EFF_LARGE_WORDLIST,
        randomValues,
      });
      if (!result.ok) toast.error(result.error);
      else {
        setGenerated({
          password: result.value,
          mode,
          bits: passphraseBits(words, EFF_LARGE_WORDLIST.length),
        });
      }
      return;
    }
    // With no character class selected, nothing is generated.
    if (noClass) return;
    const result = generatePassword({ length, classes, randomValues });
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    setGenerated({
      password: result.value,
      mode,
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
          <div className="sm:w-72">
            <SelectField id={`${ids}-mode`} label="Mode" value={mode} options={MODE_OPTIONS} onValueChange={setMode} />
          </div>
          {mode === 'passphrase' ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <Slider id={`${ids}-words`} label="Words" range={PASSPHRASE_WORDS} value={words} onChange={setWords} />
              <SelectField
                id={`${ids}-separator`}
                label="Separator"
                value={separator}
                options={SEPARATOR_OPTIONS}
                onValueChange={setSeparator}
              />
              <SelectField
                id={`${ids}-capitalisation`}
                label="Capitalisation"
                value={capitalisation}
                options={CAPITALISATION_OPTIONS}
                onValueChange={setCapitalisation}
              />
              <p className={`sm:col-span-3 ${ui.muted}`}>
                {words} words from the EFF large word list ({formatCount(EFF_LARGE_WORDLIST.length)} words, 12.9 bits
                each), drawn without bias.
              </p>
            </div>
          ) : (
            <>
              <Slider
                id={lengthId}
                label="Password Length"
                range={PASSWORD_LENGTH}
                value={length}
                onChange={setLength}
                showEnds
              />

              <fieldset>
                <legend className={ui.label}>Character types</legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {CHARACTER_CLASSES.map((name) => (
                    <div key={name} className="flex items-center gap-2">
                      <input
                        id={`${ids}-${name}`}
                        type="checkbox"
                        checked={selected[name]}
                        onChange={(event) => update({ [name]: event.target.checked })}
                        className="size-4 shrink-0 accent-indigo-600 dark:accent-indigo-400"
                      />
                      <label
                        htmlFor={`${ids}-${name}`}
                        className="text-sm break-all text-slate-800 dark:text-slate-200"
                      >
                        {CLASS_LABELS[name]}
                      </label>
                    </div>
                  ))}
                </div>
              </fieldset>
            </>
          )}

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
            {mode === 'passphrase' ? 'Generate Passphrase' : 'Generate Password'}
          </button>
        </form>
      </Card>

      <div role="status" className="sr-only">
        {generated
          ? `${generated.mode === 'passphrase' ? 'Passphrase' : 'Password'} generated: ${generated.password.length} characters${generated.strength ? `, ${generated.strength}` : ''}, ${generated.bits.toFixed(1)} bits of entropy`
          : ''}
      </div>

      {generated ? (
        <Card>
          <h2 className={ui.subheading}>
            {generated.mode === 'passphrase' ? 'Generated Passphrase' : 'Generated Password'}
          </h2>
          <div className="mt-4">
            <label htmlFor={resultId} className={ui.label}>
              {generated.mode === 'passphrase' ? 'Passphrase' : 'Password'}
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
            {generated.strength ? (
              <div className="flex items-center gap-2">
                <dt className="text-slate-700 dark:text-slate-300">Strength:</dt>
                <dd
                  className={`rounded-full border px-2.5 py-0.5 font-semibold ${STRENGTH_STYLES[generated.strength]}`}
                >
                  {generated.strength}
                </dd>
              </div>
            ) : null}
            <div className="flex items-center gap-2">
              <dt className="text-slate-700 dark:text-slate-300">Entropy:</dt>
              <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                {generated.bits.toFixed(1)} bits
              </dd>
            </div>
          </dl>
          {generatedEstimate ? <StrengthDetails estimate={generatedEstimate} /> : null}
        </Card>
      ) : null}

      <Card>
        <h2 className={ui.subheading}>Check a password</h2>
        <p className={`mt-1 ${ui.muted}`}>
          Estimated on this device with zxcvbn-ts and its English dictionaries. Nothing you type here is sent anywhere
          or stored.
        </p>
        <div className="mt-4">
          <TextField
            id={`${ids}-check`}
            label="Password to check"
            type={showChecked ? 'text' : 'password'}
            value={checked}
            onValueChange={setChecked}
          />
          <div className="mt-2 flex items-center gap-2">
            <input
              id={`${ids}-show`}
              type="checkbox"
              checked={showChecked}
              onChange={(event) => setShowChecked(event.target.checked)}
              className="size-4 accent-indigo-600 dark:accent-indigo-400"
            />
            <label htmlFor={`${ids}-show`} className="text-sm text-slate-800 dark:text-slate-200">
              Show the password
            </label>
          </div>
        </div>
        <div aria-live="polite">
          {checked !== '' && !estimator ? <p className={`mt-4 ${ui.muted}`}>Loading the estimator…</p> : null}
          {checked !== '' && checkedEstimate ? <StrengthDetails estimate={checkedEstimate} /> : null}
        </div>
      </Card>
    </div>
  );
}

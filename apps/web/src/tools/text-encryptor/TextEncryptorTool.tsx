import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { useState } from 'react';
import { SelectField, TextField } from '../../components/FormField';
import { TextConverter } from '../../components/TextConverter';
import { ui } from '../../components/ui';
import { err, ok, type Result } from '../../lib/result';
import { urlField } from '../../lib/url-state';
import { useUrlState, useUrlText } from '../../lib/use-url-state';
import { CipherBreaker } from './CipherBreaker';
import { DEFAULT_ITERATIONS, decryptWithPassphrase, encryptWithPassphrase } from './passphrase-cipher';
import { ALGORITHMS, KEY_FIELD, runCipher, type Algorithm, type Direction } from './text-encryptor.service';
import { formatCount } from '../../lib/format';

/** The original design's four, then real encryption. */
const TOOL_ALGORITHMS = [...ALGORITHMS, 'aes-gcm'] as const;
type ToolAlgorithm = (typeof TOOL_ALGORITHMS)[number];

const ALGORITHM_NAMES: Record<ToolAlgorithm, string> = {
  caesar: 'Caesar cipher',
  vigenere: 'Vigenère cipher',
  base64: 'Base64',
  reverse: 'Reverse text',
  'aes-gcm': 'AES-256-GCM (passphrase)',
};

const algorithmOptions = TOOL_ALGORITHMS.map((value) => ({ value, label: ALGORITHM_NAMES[value] }));

const PASSPHRASE_FIELD = {
  label: 'Passphrase',
  placeholder: 'A long passphrase',
  hint: `The key is derived with PBKDF2-SHA-256 (${formatCount(DEFAULT_ITERATIONS)} iterations, random salt); the output is one Base64 string that holds everything but the passphrase.`,
};

/** A Caesar shift goes into the address only as a plain whole number (what the field reads as 3 stays out). */
const SHIFT_RANGE = { min: -1_000_000, max: 1_000_000 } as const;
function parseShift(text: string): Result<number> {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return err('not a whole number');
  const shift = Number(trimmed) + 0;
  return shift >= SHIFT_RANGE.min && shift <= SHIFT_RANGE.max ? ok(shift) : err('out of range');
}

/**
 * The settings a shared address carries: the algorithm and the Caesar shift.
 * The text, a Vigenère key and a passphrase never go there.
 */
const ENCRYPTOR_URL = {
  algorithm: urlField.choice(TOOL_ALGORITHMS, 'caesar'),
  shift: urlField.integer({ ...SHIFT_RANGE, fallback: 3 }),
};

const isClassic = (algorithm: ToolAlgorithm): algorithm is Algorithm => algorithm !== 'aes-gcm';

export default function TextEncryptorTool() {
  const [settings, update] = useUrlState(ENCRYPTOR_URL);
  const { algorithm } = settings;
  const setAlgorithm = (value: ToolAlgorithm) => update({ algorithm: value });
  const [shiftText, setShiftText] = useUrlText(settings.shift, parseShift, (shift) => update({ shift }, 'replace'));
  // One value per algorithm, so switching does not feed a shift to Vigenère as its key.
  const [secretKeys, setKeys] = useState<Record<Exclude<ToolAlgorithm, 'caesar'>, string>>({
    vigenere: '',
    base64: '',
    reverse: '',
    'aes-gcm': '',
  });

  const keys: Record<ToolAlgorithm, string> = { ...secretKeys, caesar: shiftText };
  const keyField = isClassic(algorithm) ? KEY_FIELD[algorithm] : PASSPHRASE_FIELD;
  const cipher = (direction: Direction) => (text: string) => {
    const key = keys[algorithm];
    if (isClassic(algorithm)) return runCipher({ text, algorithm, key }, direction);
    return direction === 'encrypt'
      ? encryptWithPassphrase({ text, passphrase: key })
      : decryptWithPassphrase({ message: text, passphrase: key });
  };

  return (
    <TextConverter
      id="encryptor"
      label="Text"
      placeholder="Text to encrypt or decrypt"
      rows={5}
      conversions={[
        { label: 'Encrypt', icon: LockKeyhole, done: 'Encrypted', convert: cipher('encrypt') },
        { label: 'Decrypt', icon: LockKeyholeOpen, done: 'Decrypted', convert: cipher('decrypt') },
      ]}
      after={(input) =>
        algorithm === 'caesar' || algorithm === 'vigenere' ? <CipherBreaker kind={algorithm} input={input} /> : null
      }
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          id="encryptor-algorithm"
          label="Algorithm"
          value={algorithm}
          options={algorithmOptions}
          onValueChange={setAlgorithm}
        />
        {keyField ? (
          <TextField
            id="encryptor-key"
            label={keyField.label}
            type={algorithm === 'aes-gcm' ? 'password' : 'text'}
            inputMode={algorithm === 'caesar' ? 'numeric' : 'text'}
            value={keys[algorithm]}
            onValueChange={(value) =>
              algorithm === 'caesar'
                ? setShiftText(value)
                : setKeys((previous) => ({ ...previous, [algorithm]: value }))
            }
            placeholder={keyField.placeholder}
            hint={keyField.hint}
          />
        ) : (
          <p className={`self-end ${ui.muted}`}>
            {algorithm === 'base64' ? 'Base64 takes no key: it encodes, it does not hide.' : 'Reverse takes no key.'}
          </p>
        )}
      </div>
    </TextConverter>
  );
}

import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { useState } from 'react';
import { SelectField, TextField } from '../../components/FormField';
import { TextConverter } from '../../components/TextConverter';
import { ui } from '../../components/ui';
import { CipherBreaker } from './CipherBreaker';
import { DEFAULT_ITERATIONS, decryptWithPassphrase, encryptWithPassphrase } from './passphrase-cipher';
import { ALGORITHMS, KEY_FIELD, runCipher, type Algorithm, type Direction } from './text-encryptor.service';

/** The specification's four, then real encryption. */
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
  hint: `The key is derived with PBKDF2-SHA-256 (${DEFAULT_ITERATIONS.toLocaleString('en-US')} iterations, random salt); the output is one Base64 string that holds everything but the passphrase.`,
};

const isClassic = (algorithm: ToolAlgorithm): algorithm is Algorithm => algorithm !== 'aes-gcm';

export default function TextEncryptorTool() {
  const [algorithm, setAlgorithm] = useState<ToolAlgorithm>('caesar');
  // One value per algorithm, so switching does not feed a shift to Vigenère as its key.
  const [keys, setKeys] = useState<Record<ToolAlgorithm, string>>({
    caesar: '3',
    vigenere: '',
    base64: '',
    reverse: '',
    'aes-gcm': '',
  });

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
            onValueChange={(value) => setKeys((previous) => ({ ...previous, [algorithm]: value }))}
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

import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { useState } from 'react';
import { SelectField, TextField } from '../../components/FormField';
import { TextConverter } from '../../components/TextConverter';
import { ui } from '../../components/ui';
import { ALGORITHMS, KEY_FIELD, runCipher, type Algorithm, type Direction } from './text-encryptor.service';

const ALGORITHM_NAMES: Record<Algorithm, string> = {
  caesar: 'Caesar cipher',
  vigenere: 'Vigenère cipher',
  base64: 'Base64',
  reverse: 'Reverse text',
};

const algorithmOptions = ALGORITHMS.map((value) => ({ value, label: ALGORITHM_NAMES[value] }));

export default function TextEncryptorTool() {
  const [algorithm, setAlgorithm] = useState<Algorithm>('caesar');
  // One value per algorithm, so switching does not feed a shift to Vigenère as its key.
  const [keys, setKeys] = useState<Record<Algorithm, string>>({ caesar: '3', vigenere: '', base64: '', reverse: '' });

  const keyField = KEY_FIELD[algorithm];
  const cipher = (direction: Direction) => (text: string) =>
    runCipher({ text, algorithm, key: keys[algorithm] }, direction);

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

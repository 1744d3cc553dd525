import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { TextOutputCard } from '../../components/TextOutputCard';
import { ui } from '../../components/ui';
import { ALGORITHMS, KEY_FIELD, runCipher, type Algorithm, type Direction } from './text-encryptor.service';

const ALGORITHM_NAMES: Record<Algorithm, string> = {
  caesar: 'Caesar cipher',
  vigenere: 'Vigenère cipher',
  base64: 'Base64',
  reverse: 'Reverse text',
};

const isAlgorithm = (value: string): value is Algorithm => (ALGORITHMS as readonly string[]).includes(value);

export default function TextEncryptorTool() {
  const [input, setInput] = useState('');
  const [algorithm, setAlgorithm] = useState<Algorithm>('caesar');
  // One value per algorithm, so switching does not feed a shift to Vigenère as its key.
  const [keys, setKeys] = useState<Record<Algorithm, string>>({ caesar: '3', vigenere: '', base64: '', reverse: '' });
  const [output, setOutput] = useState<{ text: string; direction: Direction } | null>(null);

  const keyField = KEY_FIELD[algorithm];
  const run = (direction: Direction) => {
    const result = runCipher({ text: input, algorithm, key: keys[algorithm] }, direction);
    if (result.ok) {
      setOutput({ text: result.value, direction });
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
        <label htmlFor="encryptor-input" className={`mt-4 ${ui.label}`}>
          Text
        </label>
        <textarea
          id="encryptor-input"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          rows={5}
          spellCheck={false}
          autoComplete="off"
          placeholder="Text to encrypt or decrypt"
          className={ui.input}
        />
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="encryptor-algorithm" className={ui.label}>
              Algorithm
            </label>
            <select
              id="encryptor-algorithm"
              value={algorithm}
              onChange={(event) => {
                if (isAlgorithm(event.target.value)) setAlgorithm(event.target.value);
              }}
              className={ui.input}
            >
              {ALGORITHMS.map((value) => (
                <option key={value} value={value}>
                  {ALGORITHM_NAMES[value]}
                </option>
              ))}
            </select>
          </div>
          {keyField ? (
            <div>
              <label htmlFor="encryptor-key" className={ui.label}>
                {keyField.label}
              </label>
              <input
                id="encryptor-key"
                type="text"
                inputMode={algorithm === 'caesar' ? 'numeric' : 'text'}
                value={keys[algorithm]}
                onChange={(event) => setKeys((previous) => ({ ...previous, [algorithm]: event.target.value }))}
                placeholder={keyField.placeholder}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="encryptor-key-hint"
                className={ui.input}
              />
              <p id="encryptor-key-hint" className={`mt-1 ${ui.muted}`}>
                {keyField.hint}
              </p>
            </div>
          ) : (
            <p className={`self-end ${ui.muted}`}>
              {algorithm === 'base64' ? 'Base64 takes no key: it encodes, it does not hide.' : 'Reverse takes no key.'}
            </p>
          )}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('encrypt')}>
            <LockKeyhole aria-hidden="true" className="size-4" />
            Encrypt
          </button>
          <button type="button" className={ui.button} disabled={empty} onClick={() => run('decrypt')}>
            <LockKeyholeOpen aria-hidden="true" className="size-4" />
            Decrypt
          </button>
        </div>
      </Card>

      {output ? (
        <TextOutputCard
          id="encryptor-output"
          text={output.text}
          action={output.direction === 'encrypt' ? 'Encrypted' : 'Decrypted'}
          rows={5}
        />
      ) : null}
    </div>
  );
}

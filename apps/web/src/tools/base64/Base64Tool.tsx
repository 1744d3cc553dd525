import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { TextConverter, type TextConversion } from '../../components/TextConverter';
import { decodeBase64, encodeBase64 } from './base64.service';

const conversions: readonly TextConversion[] = [
  { label: 'Encode', icon: ArrowUpFromLine, done: 'Encoded', convert: encodeBase64 },
  { label: 'Decode', icon: ArrowDownToLine, done: 'Decoded', convert: decodeBase64 },
];

export default function Base64Tool() {
  return (
    <TextConverter
      id="base64"
      label="Text or Base64"
      placeholder="Type text to encode, or paste Base64 to decode"
      rows={6}
      monospace
      hint={
        <>
          Text is encoded as UTF-8, so accents and emoji come back intact. Decoding ignores spaces and line breaks and
          also accepts the URL-safe alphabet (<code>-</code> and <code>_</code>) with or without <code>=</code> padding.
        </>
      }
      conversions={conversions}
    />
  );
}
